/**
 * What a resume clause states in figures: a measured change ("raised line uptime from 71% to 89%") or any figure of
 * what the candidate did ("14 million dollars", "a team of 4 engineers"). The offline advisors read a measured change
 * as an improvement, and quote a clause with a figure before a self-description without one.
 */
/**
 * A change in a measure the clause states: a verb of change with "from X to Y" or "by N", or "from X% to Y%" alone
 * ("rose from 39% to 52%", "reduced empty kilometres by 18%", "uptime from 71% to 89%").
 */
const MEASURED_CHANGE =
  /\b(?:ros[ei]|rais\w*|increas\w*|improv\w*|grew|grow\w*|lift\w*|boost\w*|doubl\w*|cut\w*|reduc\w*|lower\w*|decreas\w*|halv\w*)\b[^.;]{0,60}?\b(?:from\s+\S+\s+to\s+\S+|by\s+(?:about\s+|over\s+|nearly\s+)?\d[\d.,]*\s*(?:%|per\s*cent|percent|points?|x)?)|\bfrom\s+\d[\d.,]*\s*%\s+to\s+\d[\d.,]*\s*%/i;
/**
 * Does the clause state a measured change (`MEASURED_CHANGE`)?
 *
 * @example
 * statesMeasuredChange("raised line uptime from 71% to 89%"); // true
 * statesMeasuredChange("speaker at AfricArena 2022 on building for low connectivity"); // false
 */
export function statesMeasuredChange(text: string): boolean {
  return MEASURED_CHANGE.test(text);
}

/**
 * Does the clause state a figure of what the candidate did: a number other than a year ("14 million dollars", "a team
 * of 4 engineers", "22%"), or a measured change?
 *
 * @example
 * statesFigure("Led capital-expenditure appraisal for two bottling-line expansions (14 million dollars)"); // true
 * statesFigure("I connect business cases with technology delivery"); // false
 * statesFigure("Head of Engineering, SokoTaka (2019-present)"); // false: a year is a date, not a result
 */
export function statesFigure(text: string): boolean {
  return MEASURED_CHANGE.test(text) || /\d/.test(text.replace(/\b(?:19|20)\d{2}\b/g, ""));
}

/**
 * A clause that meets an item and states a figure is quoted before a higher-scoring one that states none, when it
 * scores at least this share of it: a hiring manager weighs what a candidate did over how the candidate describes
 * itself ("Led capital-expenditure appraisal ... (14 million dollars)" over "I connect business cases with technology
 * delivery" on business cases and capital expenditure).
 */
export const FIGURE_QUOTE_SHARE = 0.8;
