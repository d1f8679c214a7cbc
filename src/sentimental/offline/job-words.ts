/**
 * Word lists of the job reading (job-reading.ts): English function words,
 * the verbs and adjectives job ads open and close phrases with, filler of
 * ads and the rank words of job titles. Grammar and genre, not a vocabulary
 * of any profession.
 */

/** The words of a space-separated list. */
function words(list: string): string[] {
  return list.split(/\s+/).filter(Boolean);
}

/** Words of job titles that give rank, not domain (job-reading.ts stems them). */
export const RANK_WORD_LIST: ReadonlySet<string> = new Set(
  words(`
  chief officer head vp svp evp vice president director manager managing lead leader senior junior principal
  executive general deputy assistant associate coordinator specialist supervisor partner member board
  representative consultant advisor adviser staff group global regional interim acting team
`),
);

/** Words of job ads that say nothing about the work: section headings, filler (job-reading.ts stems them). */
export const AD_FILLER_LIST: ReadonlySet<string> = new Set(
  words(`
  about role requirements responsibilities offer years year including plus strong advantage based regular
  willingness comfort similar every today around least track record hiring hire new first main clear major
  closely ideal candidate looking join apply us work working will day per across within able ability experience
  experienced must preferred required desirable excellent good great proven demonstrated solid relevant
`),
);

/** Words that end a noun phrase chunk (function words; "and"/"or" split coordinated phrases). */
export const CHUNK_BREAK: ReadonlySet<string> = new Set(
  words(`
  a an the and or of for to in on at by with from into our your their its we you they it that which who is are
  be will can as such including every all any each more than over under about within across between per while so
  plus also both either like other similar least us this these those where when how what through via around up
  out today above below one two three four five six seven eight nine ten next them him her his she he i me my
  yourself ourselves there here then after before during until since without near
`),
);

/** Verb forms that end relative clauses without "that" ("the software our drivers use") and predicative adjectives ("keep practice safe"): never the head of a noun phrase. */
export const TRAILING_VERBS: ReadonlySet<string> = new Set(
  words(`
  safe current available essential desirable required preferred necessary serving use uses came come comes sold
  made need needs want wants has have do does get gets go goes proves runs run
`),
);

/** Verbs that open bullets and sentences of ads ("Own the platform", "Lead a team"); stripped from a phrase's start. */
export const LEADING_VERBS: ReadonlySet<string> = new Set(
  words(`
  own set deliver build work run hire coach retain represent lead leading manage managing develop design ensure
  support supports maintain coordinate supervise provide implement oversee drive prepare monitor review conduct
  create establish grow improve collaborate partner define deploy operate train mentor recruit negotiate analyse
  analyze communicate write use apply handle assess evaluate perform participate assist administer champion
  promote track turn turning make keep help serve act meet identify respond document schedule allocate advise
  liaise shipping operating reporting working proven demonstrated hands-on strong excellent good clear solid
  relevant regular responsibly closely willingness comfort ability take reduce gain increase cut open opening
  raise protect precept using appraise admit admits teach
`),
);

/** Adjectives of how work was done that open a years item's object ("hands-on", "practical"): never its kind. */
export const MANNER_WORDS = /^(?:(?:hands-on|practical|direct|proven|demonstrable|demonstrated|solid|strong)\s+)+/i;

/**
 * Nouns of work that every trade uses and no field owns ("data", "learning", "operations", "development"): alone, half
 * of a two-word kind of work, they do not touch it ("Quick learner" is no machine learning, "build reports" no
 * building construction, "Internet operation" no HR operations). general-work.ts stems them.
 */
export const GENERAL_WORK_LIST: ReadonlySet<string> = new Set(
  words(`
  science sciences engineering technology technologies development developer developers build building buildings
  operation operations learning learner data machine machines business field management system systems design
  service services support project projects work process processes analysis
`),
);
