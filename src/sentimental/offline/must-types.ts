/** The types of the ad's hard requirements ("musts", hard-requirements.ts) and of a resume's check against one. */
import type { Requirement } from "./job-reading";
import type { Clause } from "./resume-reading";

/** One way of meeting a credential must: an acronym and its name, or a degree and its subjects. */
export interface Credential {
  /** "QTS", "CCNA"; null for a degree. */
  acronym: string | null;
  /** The spelled-out name when the ad gives one ("Qualified Teacher Status"). */
  name: string | null;
  /** Subject stems of a degree ("mathemat"); empty for a named credential. */
  subjects: string[];
  degree: boolean;
}

export interface MustRequirement {
  requirement: Requirement;
  kind: "years" | "credential" | "location";
  /** How a sentence names it: "8+ years of experience", "Qualified Teacher Status (QTS)", "being based in Nairobi". */
  label: string;
  years: number | null;
  /** The item's text this must reads. */
  text: string;
  alternatives: Credential[];
  /** The ad accepts a related subject ("or a closely related field"). */
  relatedAccepted: boolean;
  /** Years of leading the work (`leadershipPart`): read from leadership roles' date ranges as well as stated years. */
  leadership?: boolean;
  /** A location must's places ("Nairobi"; "London or Leeds" gives two), any one of which meets it. */
  places?: string[];
}

export type MustStatus = "met" | "lacking" | "unverified";

export interface MustCheck {
  must: MustRequirement;
  status: MustStatus;
  /** The clause that meets or denies it (null when nothing names it). */
  clause: Clause | null;
  /** Years the resume shows (years musts): of the asked work only, so of leading it for a leadership must; null when it shows none. */
  stated: number | null;
}
