import { isStudyLine } from "./clause-kinds";
import { statedYears } from "./date-ranges";
import { isPersonMention } from "./job-reading";

/**
 * A clause that states a role held or years of experience ("Technology lead
 * with 10 years ...", "Head of Engineering, SokoTaka"): full support of the
 * job title's own item, which a degree ("BSc Information Technology") or a
 * passing mention of the field ("I connect business cases with technology
 * delivery") supports only partly.
 *
 * @example
 * const clause = (text: string) => ({ text });
 * statesRole(clause("Technology lead with 10 years building field software")); // true
 * statesRole(clause("BSc Information Technology, Kenyatta University (2008)")); // false
 * statesRole(clause("July 2016 to October 2018 M.Sc Psychology with specialization in Organizational Behaviour")); // false: a line of study
 * statesRole(clause("Board roles: non-executive director at two recycling technology companies")); // false: a board seat
 */
export function statesRole(clause: { text: string }): boolean {
  // A seat on a board oversees the work, it does not do it: no role of the job's own kind.
  if (BOARD_SEAT.test(clause.text)) return false;
  // A line of study is no role held: its dates are years of study ("July 2016 to October 2018 M.Sc Psychology"), and
  // its words are a subject's ("specialization in Organizational Behaviour" is no specialist).
  if (isStudyLine(clause.text)) return false;
  return statedYears(clause.text) !== null || isPersonMention(clause.text.replace(/[^\p{L}\p{N}\s-]+/gu, " "));
}

const BOARD_SEAT = /\b(?:non-executive|non-exec|board roles?|board member(?:ship)?s?|advisory board|trustee)\b/i;
