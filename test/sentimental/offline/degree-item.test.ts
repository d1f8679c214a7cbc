/**
 * A degree the ad asks for, read from the resume's lines of study (degree-item.ts): two blind reads found resumes
 * called silent on a degree they list ("B.Com commerce ... Bombay University" on "a graduate degree"; "M.Sc Psychology"
 * and "MMS Management" on "MBA or postgraduate degree in human resources"), and the counts of points met leaving
 * such a degree unmet.
 */
import { describe, expect, it } from "vitest";
import { concernClaim, strengthClaim } from "../../../src/sentimental/offline/claim-building";
import { degreeAsked, degreeOfItem, degreeShown } from "../../../src/sentimental/offline/degree-item";
import { readJob, stemWeights } from "../../../src/sentimental/offline/job-reading";
import { renderClaim } from "../../../src/sentimental/offline/phrasing";
import { assess, readResume } from "../../../src/sentimental/offline/resume-reading";
import { Rng } from "../../../src/stats/rng";
import { degreeLineFor } from "./claim-checkers";

const claim = (text: string) => ({ text, polarity: "claim" });
const HR = "MBA or postgraduate degree in human resources or personnel management.";
const GRADUATE = "A graduate degree; an MBA is an advantage.";

describe("degreeAsked: what a requirement asks of a degree", () => {
  it("reads the level, the subjects as phrases, a diploma and the named degrees; a plus is no part of the ask", () => {
    expect(degreeAsked(GRADUATE)).toEqual({ named: [], generic: { level: "first", subjects: [], diploma: false }, conjoined: false });
    const hr = degreeAsked(HR)!;
    expect(hr.generic).toEqual({
      level: "postgraduate",
      subjects: [
        ["human", "resour"],
        ["person", "manag"],
      ],
      diploma: false,
    });
    expect(hr.named.some((p) => p.test("MBA Information Technology"))).toBe(true);
    expect(degreeAsked("A degree (BE or BTech) or diploma in mechanical engineering.")).toEqual({
      named: [],
      generic: { level: "first", subjects: [["mechan", "engin"]], diploma: true },
      conjoined: false,
    });
    expect(degreeAsked("Graduate in any discipline; an MBA in marketing is a plus.")?.generic?.subjects).toEqual([]);
  });
  it("a degree named before the word 'degree' is that degree only; an item with no degree asks none", () => {
    const llb = degreeAsked("LL.B. degree and enrolment with the Bar Council.")!;
    expect(llb.generic).toBeNull();
    expect(llb.named).toHaveLength(1);
    // ... asked together with an enrolment, which a degree held does not meet (a blind read: "On Bar Council and
    // enrolment, the resume lists a degree the ad accepts"): the degree is "other", no silence and not met.
    expect(llb.conjoined).toBe(true);
    expect(degreeShown([claim("Education Details LL.B. Gauhati University")], llb)?.status).toBe("other");
    expect(degreeAsked("A degree in statistics and mathematics.")?.conjoined).toBe(false);
    expect(degreeAsked("Strong skills in MS Excel, PowerPoint and MS Project.")).toBeNull();
    // An item that is a plus as a whole asks what it names: the MBA, or an MBA in its subject.
    expect([degreeAsked("An MBA is an advantage.")?.named.length, degreeAsked("An MBA is an advantage.")?.generic]).toEqual([1, null]);
    expect(degreeAsked("an MBA in marketing is a plus.")?.generic).toEqual({ level: "postgraduate", subjects: [["market"]], diploma: false });
    expect(degreeAsked("Graduate engineer trainee scheme experience.")).toBeNull();
  });
});

describe("degreeShown: the line of study that shows it", () => {
  it("any first degree meets a graduate degree, a word-like name after the education heading too", () => {
    const ask = degreeAsked(GRADUATE)!;
    for (const line of [
      "Education Details BE Dr.BAMU,Aurangabad",
      "B.Com commerce Bombay University",
      "Education Details May 2016 B.E.",
      "January 2018 M.C.A Pune University",
    ])
      expect([line, degreeShown([claim(line)], ask)?.status]).toEqual([line, "met"]);
    // A diploma or a school certificate is no degree.
    expect(degreeShown([claim("Education Details January 2005 Diploma Oxford polytechnic")], ask)).toBeNull();
    expect(degreeShown([claim("Education Details June 2012 Sadvidya Pre-University College")], ask)).toBeNull();
  });
  it("a postgraduate degree in another subject is 'other'; a first degree alone shows no postgraduate one", () => {
    const ask = degreeAsked(HR)!;
    expect(degreeShown([claim("M.Sc Psychology with specialization in Organizational Behaviour, Calicut University")], ask)?.status).toBe("other");
    // "MMS" tells the level on a line of study (a blind read's MBA-like degree), and alone makes none (an MMS gateway).
    expect(degreeShown([claim("January 2016 to January 2018 MMS Management Mumbai University of Mumbai January 2014 B.Sc. Bandra")], ask)?.status).toBe(
      "other",
    );
    expect(degreeShown([claim("MMS Management, University of Mumbai")], ask)).toBeNull();
    expect(degreeShown([claim("MBA Information Technology, Sikkim Manipal University")], ask)?.status).toBe("met");
    expect(degreeShown([claim("MBA (HR) from Pune University")], ask)?.status).toBe("met");
    expect(degreeShown([claim("June 2015 to June 2017 Masters of science information technology JNTU")], ask)?.status).toBe("other");
    expect(degreeShown([claim("Post graduate diploma in personnel management, XLRI")], ask)?.status).toBe("met");
    expect(degreeShown([claim("Education Details BBA lovely professional university")], ask)).toBeNull();
  });
  it("reads degrees spelled out, in any case, and an MBA in its subject", () => {
    const graduate = degreeAsked(GRADUATE)!;
    expect(degreeShown([claim("BACHELOR OF BUSINESS ADMINISTRATION, ICFAI Business School")], graduate)?.status).toBe("met");
    expect(degreeShown([claim("Bachelor of Engineering Navi Mumbai, Mumbai University")], graduate)?.status).toBe("met");
    expect(degreeShown([claim("MASTER OF BUSINESS ADMINISTRATION")], degreeAsked(HR)!)?.status).toBe("met");
    const marketing = degreeAsked("an MBA in marketing is a plus.")!;
    expect(degreeShown([claim("MBA (Marketing), Symbiosis Institute")], marketing)?.status).toBe("met");
    expect(degreeShown([claim("MASTER OF BUSINESS ADMINISTRATION")], marketing)?.status).toBe("other");
  });
  it("a long line is quoted where it names the degree", () => {
    const line =
      "Skills Exceptional communication and networking skills Successful working in a team environment, as well as independently Ability to work under pressure and multi-task Strategies and Campaigns Corporate Communications, MIS Reporting and Documentation, Event Management, Customer Relations, Vendor Management, BACHELOR OF BUSINESS ADMINISTRATION ICFAI Business School";
    const requirements = readJob({ title: "Sales Executive", organization: "X", text: `Requirements\n- ${GRADUATE}` });
    const weights = stemWeights(requirements);
    const c = strengthClaim(
      assess(
        readResume([line]),
        requirements.find((r) => /graduate/.test(r.text))!,
        weights,
      ),
      weights,
      "probe",
      0,
    )!;
    expect(c.degree).toBe(true);
    expect(c.cited[0]!.quote).toMatch(/BACHELOR OF BUSINESS ADMINISTRATION/);
  });
  it("names that are something else outside a line of study make no degree", () => {
    const ask = degreeAsked(GRADUATE)!;
    for (const line of [
      "Configured SMS and MMS gateways for the operator.",
      "Built an LLM assistant for claims.",
      "Worked as BA on the billing programme.",
      "Handled MMS and LLM support tickets.",
    ])
      expect([line, degreeShown([claim(line)], ask)]).toEqual([line, null]);
    // A limitation is no degree held.
    expect(degreeShown([{ text: "I did not complete my B.Sc. in physics.", polarity: "limitation" }], ask)).toBeNull();
  });
});

describe("a degree item as the advisors read and say it", () => {
  const requirements = readJob({
    title: "PMO Analyst",
    organization: "X",
    text: `Requirements\n- 3+ years of experience in project coordination.\n- ${GRADUATE}\n- ${HR}`,
  });
  const weights = stemWeights(requirements);
  const graduate = requirements.find((r) => /graduate degree/.test(r.text))!;
  const postgraduate = requirements.find((r) => /postgraduate/.test(r.text))!;

  it("met on the line of study, said as a degree the ad accepts, and the claim re-check agrees", () => {
    const e = assess(readResume(["Coordinated rollout projects for two operators.", "Education Details BE Dr.BAMU,Aurangabad"]), graduate, weights);
    expect([e.verdict, e.degree, e.value >= 0.8]).toEqual(["met", "met", true]);
    const c = strengthClaim(e, weights, "probe", 0)!;
    expect([c.kind, c.degree, c.cited[0]?.text]).toEqual(["strength", true, "Education Details BE Dr.BAMU,Aurangabad"]);
    expect(renderClaim(c, { name: "Ada", title: "Head of PMO", role: "HP" }, new Rng(1), 0)).toBe(
      "On the graduate degree, the resume lists a degree the ad accepts: 'Education Details BE Dr.BAMU,Aurangabad'.",
    );
    expect(degreeLineFor(graduate.text, c.cited)).not.toBeNull();
  });
  it("never silent beside a postgraduate degree in another subject; silent beside a first degree alone", () => {
    const other = assess(readResume(["M.Sc Psychology with specialization in Organizational Behaviour, Calicut University."]), postgraduate, weights);
    expect([other.verdict === "met", other.degree]).toEqual([false, "other"]);
    expect(concernClaim(other, weights, "probe", 0)?.kind).not.toBe("silent");
    const first = assess(readResume(["BBA, Lovely Professional University."]), postgraduate, weights);
    expect(first.degree).toBeUndefined();
    expect(concernClaim(first, weights, "probe", 0)?.kind).toBe("silent");
    // The checker's own reading agrees on both.
    expect(degreeLineFor(postgraduate.text, [{ text: "M.Sc Psychology, Calicut University." }])).not.toBeNull();
    expect(degreeLineFor(postgraduate.text, [{ text: "BBA, Lovely Professional University." }])).toBeNull();
  });
  it("degreeOfItem reads an item with no degree as none", () => {
    expect(degreeOfItem([claim("B.Sc. Physics")], { text: "3+ years of experience in project coordination.", section: "requirements" })).toBeNull();
  });
});
