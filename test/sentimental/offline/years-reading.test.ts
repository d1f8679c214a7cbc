/**
 * Years of experience read as a recruiter reads them, on lines written here
 * in the forms of a resume site's template: a skills-table entry ("SQL-
 * Exprience - 40 months") is years with that skill, never the career's; its
 * placeholder ("Less than 1 year months") states nothing; "1 Year 3 Months"
 * is 1.25 years; a role "till date" runs to the reference year, and a career
 * read from such an open range (or one shorter than a skills-table entry)
 * is only a lower bound: under a must's bar it leaves the must unverified,
 * never lacking.
 */
import { describe, expect, it } from "vitest";
import { checkMust, readMusts, type MustRequirement } from "../../../src/sentimental/offline/hard-requirements";
import { readJob, stemWeights, yearsObject } from "../../../src/sentimental/offline/job-reading";
import {
  assess,
  careerOf,
  dateRanges,
  rangeSpan,
  rangeYears,
  readResume,
  referenceYear,
  statedYears,
  yearsInRole,
} from "../../../src/sentimental/offline/resume-reading";
import { careerText, skillTableYears } from "../../../src/sentimental/offline/date-ranges";
import { isStudyLine } from "../../../src/sentimental/offline/clause-kinds";

const items = readJob({
  title: "Analyst",
  organization: "X",
  text: "Requirements\n- 2+ years in analytical roles.\n- 2+ years as a business analyst or in a similar analytical role.\n- At least 5 years of experience teaching secondary mathematics.",
});
const musts = readMusts(items);
const pick = (label: string) => {
  const m = musts.find((x) => x.label === label);
  if (!m) throw new Error(`no must "${label}" among ${musts.map((x) => x.label).join(" | ")}`);
  return m;
};
const general = pick("2+ years in analytical roles");
const analyst = pick("2+ years as a business analyst or in a similar analytical role");
const teaching = pick("5+ years of teaching secondary mathematics");
const check = (m: MustRequirement, ...passages: string[]) => checkMust(readResume(passages), m);

describe("stated years", () => {
  it("reads 'N years M months' as one figure, in years or with months", () => {
    expect(statedYears("Experience:- 1 Year 3 Months")).toBe(1.25);
    expect(statedYears("Experience:- 1 Year 3 Months", false)).toBe(1.25);
    expect(statedYears("Total experience 4 years and 6 months in billing")).toBe(4.5);
    // thirteen months is no month of a year
    expect(statedYears("2 years 13 months", false)).toBe(2);
  });
  it("reads counts spelled out, and not how long an achievement took", () => {
    // A blind read: "I have six month experience in Data Science" was left "to check" against 2+ years.
    expect(statedYears("I have six month experience in Data Science.")).toBe(0.5);
    expect(statedYears("Two years as a site engineer.")).toBe(2);
    const ds = readMusts(readJob({ title: "X", organization: "X", text: "Requirements\n- 2+ years in data science or machine learning." }))[0]!;
    expect(check(ds, "I have six month experience in Data Science.")).toMatchObject({ status: "lacking", stated: 0.5 });
    // "in three years", "in 12 years": the time an outcome took; a spelled count as an adjective is no span of work.
    expect(statedYears("raised flake yield from 74% to 81% in three years")).toBeNull();
    expect(statedYears("Zero major security incidents in 12 years")).toBeNull();
    expect(statedYears("cut infections in 18 months")).toBeNull();
    expect(statedYears("90% two-year retention")).toBeNull();
    expect(statedYears("Worked for 5 years in 2 companies")).toBe(5);
    // The template glues the next heading on: its months are still read, and its placeholder still states nothing.
    expect(statedYears("Site Engineer- Exprience - 60 monthsCompany Details company")).toBe(5);
    expect(statedYears("Jira- Exprience - Less than 1 year monthsCompany Details")).toBeNull();
  });
  it("reads a skills table's placeholder as nothing, and a real 'less than a year' as half a year", () => {
    expect(statedYears("Payroll- Exprience - Less than 1 year months")).toBeNull();
    expect(statedYears("Jira- Exprience - Less than 1 year months Testing- Exprience - 29 months")).toBe(29 / 12);
    expect(statedYears("I have less than a year of experience in sales")).toBe(0.5);
  });
  it("leaves skills-table entries out of what the resume states of its career", () => {
    const table = "SDLC- Exprience - 75 months VISIO- Exprience - 60 months Jira- Exprience - Less than 1 year months";
    expect(skillTableYears(table)).toBe(6.25);
    expect(skillTableYears("Jira- Exprience - Less than 1 year months")).toBeNull();
    expect(careerText("Java- Exprience - 36 months. Developer for 2 years.")).toBe("Java. Developer for 2 years.");
    const r = readResume([table, "Analyst, Acme (Jan 2018 - Apr 2018)."]);
    expect([r.years, r.careerYears, r.careerFloor]).toEqual([0.25, 0.25, 0.25]);
  });
});

describe("date ranges", () => {
  it("reads a month with an apostrophe year ('Aug '17 till date') as a range", () => {
    const [r] = dateRanges("Heading the Pune branch, from Aug '17 till date. Award 2019.");
    expect([r!.start, r!.end, r!.open]).toEqual([2017 + 7 / 12, 2019, true]);
    expect(dateRanges("Engineer (Mar '98 - Jun '01)").map((x) => [x.start, x.end])).toEqual([[1998 + 2 / 12, 2001 + 5 / 12]]);
    expect(dateRanges("Officer at a paper mill since Jan '2012. Award 2016.").map((x) => [x.start, x.end, x.open])).toEqual([[2012, 2016, true]]);
  });
  it("reads 'since May 2015' as an open range, in the text's order, and 'since 2012 - 2014' once", () => {
    const ranges = dateRanges("Clerk (2009-2011). Site engineer since MAY 2014. Since 2016, have led the team. Award 2018.");
    expect(ranges.map((x) => [x.start, x.end, x.open])).toEqual([
      [2009, 2011, false],
      [2014 + 4 / 12, 2018, true],
      [2016, 2018, true],
    ]);
    expect(dateRanges("Member since 2012 - 2014.").map((x) => [x.start, x.end, x.open])).toEqual([[2012, 2014, false]]);
    expect(dateRanges("Results since 2012's merger.")).toEqual([]);
  });
  it("marks a span whose latest end is an open range as a lower bound", () => {
    expect(rangeSpan(["Analyst (Nov 2017 to Feb 2018). Business Analyst (Feb 2018 till date)."])).toEqual({ years: 0.25, open: true });
    expect(rangeSpan(["Engineer (2013-2015). Lead (2016-2018)."])).toEqual({ years: 5, open: false });
    // an open range read to the reference year (2018) ends before a closed one (June 2018): the span is closed
    expect(rangeSpan(["Volunteer (2014-present). Engineer (2013-2016). Lead (Jan 2016 - Jun 2018)."])).toEqual({ years: 5 + 5 / 12, open: false });
    expect(rangeSpan(["Volunteer (2014-present). Engineer (2013-2016). Lead (2016-2018)."])).toEqual({ years: 5, open: true });
  });
  it("reads 'present' to a declared collection year when it is later than the years the resume names", () => {
    expect(referenceYear("Analyst (2017-present).")).toBe(2017);
    expect(referenceYear("Analyst (2017-present).", 2019)).toBe(2019);
    expect(referenceYear("Analyst (2017-present). Award 2021.", 2019)).toBe(2021);
    expect(rangeYears(["Analyst (2017-present)."], 2019)).toBe(2);
    expect(careerOf(["Analyst (2017-present)."], 2019)).toEqual({ years: 2, careerYears: 2, careerFloor: 2, referenceYear: 2019 });
    expect(readResume(["Analyst (2017-present)."], 2019).careerYears).toBe(2);
  });
});

describe("years musts", () => {
  it("are unverified, not lacking, when the career's years are only a lower bound under the bar", () => {
    const open = check(general, "Business Analyst, Acme (Feb 2018 till date).", "Reporting award 2018.");
    expect([open.status, open.stated]).toEqual(["unverified", null]);
    const table = check(general, "Analyst, Acme (Jan 2018 - Apr 2018).", "SQL- Exprience - 40 months");
    expect([table.status, table.stated]).toEqual(["unverified", null]);
    // a closed career shorter than the bar, with nothing longer, lacks it with its years
    const closed = check(general, "Analyst, Acme (Jan 2018 - Apr 2018).");
    expect([closed.status, closed.stated]).toEqual(["lacking", 0.25]);
    // an open range past the bar meets it
    const long = check(general, "Business Analyst, Acme (Feb 2014 till date).", "Reporting award 2018.");
    expect([long.status, long.stated]).toEqual(["met", 3 + 11 / 12]);
    // a statement of the career is not a lower bound
    const said = check(general, "Business Analyst with 1 year of experience (Feb 2018 till date).");
    expect([said.status, said.stated]).toEqual(["lacking", 1]);
    // a must of specific work: the career's lower bound does not lack it either, a closed short career does
    expect(check(analyst, "Business Analyst, Acme (Feb 2018 till date).", "Reporting award 2018.").status).toBe("unverified");
    expect(check(analyst, "Business Analyst, Acme (Jan 2018 - Apr 2018).").status).toBe("lacking");
  });
  it("reads a project's stated duration that a skills-table entry outdoes as a lower bound of the career, never its whole", () => {
    // Kaggle urd-0600's shape: 96 months of shell scripting in the table, "Duration: 2 yrs 2 months" of one project.
    const lines = [
      "Shell Scripting- Exprience - 96 months Cloud Computing- Exprience - 48 months",
      "Project: CPI. Duration: 1 yr 6 months. Role: Senior System Engineer.",
    ];
    const r = readResume(lines);
    expect([r.careerYears, r.careerFloor]).toEqual([1.5, 1.5]);
    expect(check(general, ...lines).status).toBe("unverified");
    // without the table the duration is all the resume says of its career: the 2-year bar is lacking
    const alone = check(general, lines[1]!);
    expect([alone.status, alone.stated]).toEqual(["lacking", 1.5]);
  });
  it("read 'over N years' as a lower bound: under the bar unverified, at it met; an exact statement stays exact", () => {
    const over = check(general, "With over 1.5 years of experience worked as assistant engineer on a power plant.");
    expect([over.status, over.stated]).toEqual(["unverified", null]);
    expect(readResume(["With over 1.5 years of experience worked as assistant engineer."]).careerFloor).toBe(1.5);
    expect(check(general, "More than 3 years of experience as an engineer.").status).toBe("met");
    const exact = check(general, "Over 1.5 years in sales, 1.5 years of experience in total.");
    expect([exact.status, exact.stated]).toEqual(["lacking", 1.5]);
    // a clause naming the work with "over N years" under the bar states none of it; an exact one does
    const work = check(teaching, "Over 3 years of teaching secondary mathematics.", "Tutor (2005-2012).");
    expect([work.status, work.stated]).toEqual(["unverified", null]);
    const short = check(teaching, "3 years of teaching secondary mathematics.", "Tutor (2005-2012).");
    expect([short.status, short.stated]).toEqual(["lacking", 3]);
  });
  it("read a skills-table entry as years with that skill, and its placeholder as none", () => {
    const placeholder = check(teaching, "Secondary mathematics teaching- Exprience - Less than 1 year months", "Tutor (2005-2012).");
    expect(placeholder.status).not.toBe("lacking");
    expect(placeholder.stated).toBeNull();
    const entry = check(teaching, "Secondary mathematics teaching- Exprience - 72 months", "Tutor (2005-2012).");
    expect([entry.status, entry.stated]).toEqual(["met", 6]);
  });
  it("give the scoring the same reading: a lower-bound career under the bar states no years", () => {
    const reading = readResume(["Business Analyst, Acme (Feb 2018 till date).", "Reporting award 2018."]);
    const item = items.find((r) => r.text === "2+ years in analytical roles.")!;
    expect(yearsInRole(reading, item.text, reading.years)).toEqual({ stated: null, clause: null, object: null, touched: true });
    expect(assess(reading, item, stemWeights(items)).years).toEqual({ asked: 2, stated: null });
    const closed = readResume(["Analyst, Acme (Jan 2018 - Apr 2018)."]);
    expect(assess(closed, item, stemWeights(items)).years).toEqual({ asked: 2, stated: 0.25 });
  });
});

describe("years of a list of kinds of work", () => {
  const listItems = readJob({
    title: "Engineer",
    organization: "X",
    text:
      "Requirements\n- 2+ years of experience in electrical installation, testing or maintenance.\n" +
      "- 1+ years of experience in HR operations, recruitment or payroll.\n" +
      "- 2+ years of site experience on building or infrastructure construction.\n" +
      "- 5+ years of experience in operations management, with people management.",
  });
  const listMusts = readMusts(listItems);
  const labels = listMusts.map((m) => m.label);
  const electrical = listMusts[0]!;
  const hr = listMusts[1]!;
  const site = listMusts[2]!;

  it("names the whole list the ad wrote, and reads its alternatives with the word they share", () => {
    // Cut at the first comma, the must would misquote the ad ("2+ years in electrical installation").
    expect(labels).toEqual([
      "2+ years in electrical installation, testing or maintenance",
      "1+ years in HR operations, recruitment or payroll",
      "2+ years of site experience on building or infrastructure construction",
      "5+ years in operations management",
    ]);
    expect(yearsObject("2+ years of experience in electrical installation, testing or maintenance.")?.alternatives).toEqual([
      ["electr", "instal"],
      ["electr", "test"],
      ["electr", "mainte"],
    ]);
    // A noun before the first kind ("customer service") is carried, so that its years are met only with it, but it is
    // no field qualifier: a resume without it is unverified, never lacking.
    expect(yearsObject("3+ years in customer service, sales or marketing.")).toMatchObject({
      alternatives: [
        ["custom", "servic"],
        ["custom", "sal"],
        ["custom", "market"],
      ],
      shared: [],
      specific: true,
    });
    expect(yearsObject("3+ years in public relations, marketing or communications.")?.shared).toEqual([]);
    expect(yearsObject("2+ years of experience in electrical installation, testing or maintenance.")?.shared).toEqual(["electr"]);
    // A shared head noun is no qualifier: DevOps work is named without "infrastructure".
    expect(yearsObject("3+ years of experience in DevOps or cloud infrastructure.")?.shared).toEqual([]);
    const devops = readMusts(readJob({ title: "X", organization: "X", text: "Requirements\n- 3+ years of experience in DevOps or cloud infrastructure." }))[0]!;
    expect(check(devops, "DevOps engineer for 5 years.").status).toBe("unverified");
    expect(yearsObject("2+ years of site experience on building or infrastructure construction.")?.alternatives).toEqual([
      ["build", "constr"],
      ["infras", "constr"],
    ]);
    // How the work was done is no kind of work: a machine-learning engineer's work is touched by "machine learning"
    // whether the ad asks for "practical" or "hands-on" years of it; the ad's words stay in what sentences quote.
    expect(yearsObject("3+ years of practical machine learning.")).toMatchObject({ phrase: "practical machine learning", alternatives: [["machin", "learn"]] });
    expect(yearsObject("2+ years of hands-on robotics programming.")?.alternatives).toEqual([["roboti", "progra"]]);
    const practical = readMusts(readJob({ title: "X", organization: "X", text: "Requirements\n- 3+ years of practical machine learning." }))[0]!;
    expect(practical.label).toBe("3+ years of practical machine learning");
    expect(check(practical, "Engineer (2016-2020).", "Trained machine learning models for fraud detection.").status).toBe("unverified");
    // The list ends at its first "or"/"and" part: what follows is no kind of work of it.
    expect(yearsObject("3+ years of experience with Python, Java and Go, and some travel.")?.phrase).toBe("Python, Java and Go");
    // Single kinds of work are no specific role: the career's years count, as for "technology roles".
    expect(yearsObject("3+ years of Python or Java.")?.specific).toBe(false);
  });

  it("meets the must with years of any one alternative, and only of the shared field", () => {
    const maintenance = check(electrical, "Electrical maintenance engineer for 3 years at a cement plant.");
    expect([maintenance.status, maintenance.stated]).toEqual(["met", 3]);
    const short = check(electrical, "Electrical testing technician for 1 year.", "Technician (2019-2020).");
    expect([short.status, short.stated]).toEqual(["lacking", 1]);
    // Testing of software is not electrical testing: a resume that never names "electrical" lacks the list's years.
    expect(check(electrical, "Software testing engineer for 4 years.")).toMatchObject({ status: "lacking", stated: null });
    // Work lines with words that look like degrees are work ("Master Electrician", "to be on call"): never lacking.
    expect(check(electrical, "Master Electrician, Kenya Power (2019-2023).", "Maintenance of substations.").status).not.toBe("lacking");
    expect(check(electrical, "Testing technician for 4 years.", "Responsible to be on call for electrical faults.").status).not.toBe("lacking");
    const degrees = [
      "B.E. in Electronics Engineering, Mumbai University.",
      "MBA in Finance",
      "BSc Physics (2014)",
      "B.TECH (CSE)",
      "BSC INFORMATION TECHNOLOGY",
      "Mba Finance/hr",
    ];
    expect(
      degrees.concat(["M.C.A.", "PGDM", "Post Graduation", "Diploma Mechanical Engg", "BS in Computer Science", "BA (Hons) English"]).every(isStudyLine),
    ).toBe(true);
    const work = [
      "Master Electrician, Kenya Power.",
      "Graduate Electrical Engineer.",
      "MS Excel, MS Office",
      "A 360-degree review",
      "Received 360 degree feedback",
    ];
    expect(
      work
        .concat(["Software Engineer, Acme Corp, Boston, MA (2018-2022)", "Senior BA at Infosys (2017-2020)", "Scrum Master in a team of 8 engineers"])
        .some(isStudyLine),
    ).toBe(false);
    // A degree must is held by a line of study, never by a work title that looks like one.
    const degreeMust = readMusts(readJob({ title: "X", organization: "X", text: "Requirements\n- A degree in electrical engineering is essential." }))[0]!;
    expect(check(degreeMust, "Master Electrician with 10 years of electrical installation.").status).not.toBe("met");
    expect(check(degreeMust, "Responsible to be on call for electrical faults.").status).not.toBe("met");
    expect(check(degreeMust, "B.TECH ELECTRICAL ENGINEERING, JNTU (2014).").status).toBe("met");
    // A degree that names the field is study, not work of it.
    expect(check(electrical, "Software testing engineer for 4 years.", "B.E. in Electronics Engineering, Mumbai University.")).toMatchObject({
      status: "lacking",
      stated: null,
    });
    // One that names electrical work beside testing without its years: the reader cannot tell.
    expect(check(electrical, "Testing engineer for 4 years.", "Wired electrical panels.")).toMatchObject({ status: "unverified", stated: null });
    expect(check(hr, "Handled recruitment and payroll as HR executive for 2 years.").status).toBe("met");
    // Compound nouns and bare words of another field: unverified, neither met nor lacking (the review's cases).
    const software = readMusts(
      readJob({ title: "X", organization: "X", text: "Requirements\n- 3+ years of experience in software development, testing or maintenance." }),
    )[0]!;
    expect(check(software, "Electrical testing technician for 4 years.").status).toBe("unverified");
    const pr = readMusts(
      readJob({ title: "X", organization: "X", text: "Requirements\n- 3+ years of experience in public relations, marketing or communications." }),
    )[0]!;
    expect(check(pr, "Marketing manager for 5 years.").status).toBe("unverified");
    // A field adjective before a discipline qualifies that noun only: a surveyor's years are surveying.
    const civil = readMusts(
      readJob({ title: "X", organization: "X", text: "Requirements\n- 3+ years of experience in civil engineering, surveying or drafting." }),
    )[0]!;
    expect(check(civil, "Land surveyor for 6 years at Survey of Kenya.").status).toBe("met");
    // A noun carried to the others is needed for met: a recruiter's years are unverified on an HR list.
    expect(check(hr, "Recruiter for 3 years at a staffing agency.").status).toBe("unverified");
    expect(check(site, "Site engineer on infrastructure construction projects for 3 years.").status).toBe("met");
  });

  it("lacks the years of work the resume never names, whether or not it dates a career; names it in other words and it is unverified", () => {
    // No clause names any of the work: lacking, though the resume gives no dates (the years cannot be there).
    const none = check(electrical, "Java developer.", "Built REST services in Spring.");
    expect([none.status, none.stated]).toEqual(["lacking", null]);
    // The field named beside the work, without years: the reader cannot tell.
    expect(check(hr, "HR Activities Attendance maintenance, Time cards maintenance").status).toBe("unverified");
  });

  it("is not touched by a word every trade uses, nor by general words from different clauses", () => {
    const ds = readMusts(readJob({ title: "X", organization: "X", text: "Requirements\n- 2+ years in data science or machine learning." }))[0]!;
    // Half of a two-word kind of work, but a word no field owns: "build" is not building construction, "operation"
    // not HR operations, "learner" not machine learning. The resume names none of the work: lacking.
    expect(check(site, "Java developer (2016-2020).", "Understand and build reports in tableau.").status).toBe("lacking");
    expect(check(hr, "Sales executive (2016-2020).", "Proficient with MS-Office, Internet operation.").status).toBe("lacking");
    expect(check(ds, "Mechanical engineer (2016-2020).", "Quick learner.").status).toBe("lacking");
    // Two general words from different clauses ("CNC machine", "Quick learner") make no machine learning; from one
    // clause they do ("Completed a course in machine learning" names the work, its years unknown).
    expect(check(ds, "Mechanical engineer (2016-2020).", "Operated the CNC machine in the workshop.", "Quick learner.").status).toBe("lacking");
    expect(check(ds, "Python developer (2016-2020).", "Completed a course in machine learning.").status).toBe("unverified");
    // Nor does "data" in one line and "Computer Science" in another.
    expect(check(ds, "Tester (2016-2020).", "Created test data for the billing system.", "B.Sc. in Computer Science, Pune University.").status).toBe("lacking");
    // A wish is no work done: "I would like to move into machine learning" leaves the years lacking.
    expect(check(ds, "Mechanical engineer (2016-2020).", "I would like to move into machine learning.").status).toBe("lacking");
    // The kind of experience the ad names before the work ("site experience") is read with its years where the
    // resume touches the work: a Site Engineer's 60 months meet "2+ years of site experience on building or
    // infrastructure construction"; a web site's years, on a resume that touches no construction, do not.
    expect(check(site, "Site Engineer- Exprience - 60 months", "Worked at Ganesh Construction.")).toMatchObject({ status: "met", stated: 5 });
    expect(check(site, "Site Engineer for 1 year.", "Supervised construction of a warehouse.")).toMatchObject({ status: "lacking", stated: 1 });
    expect(check(site, "Web site developer for 5 years.", "Built booking pages.").status).toBe("lacking");
    // Half of the kind with the word a field owns still touches it: "HR" of "HR operations", "construction" of
    // "building construction".
    expect(check(hr, "Executive (2016-2020).", "Handled HR activities for the branch.").status).toBe("unverified");
    expect(check(site, "Engineer (2016-2020).", "Supervised construction of a warehouse.").status).toBe("unverified");
  });
});
