/**
 * What an offline advisor cares about, from its own title and the job text
 * only (no table of professions, so an unseen panel or scenario works):
 *
 * 1. The title's domain words (rank words such as "chief", "manager", "VP",
 *    "director" removed): "Chief Financial Officer" -> financial; "VP of
 *    Engineering" -> engineering; "Recycling Plant Manager" -> recycling,
 *    plant; "Chief Nursing Officer" -> nursing.
 * 2. Direct affinity of each requirement item of the ad: the share of those
 *    stems it contains, + 1 when it names the advisor ("work with the CFO",
 *    "with the Plant Manager").
 * 3. One step of expansion: the specific stems of the directly matched items
 *    (those in under 40 % of the items) pull in the items that share them
 *    ("budgets", "vendor contracts" from "work with the CFO on capital
 *    expenditure and vendor contracts").
 * 4. weight = section weight x (0.5 + direct + 0.5 expansion): every advisor
 *    reads the whole ad, and weighs its own area up to about 3x more. An
 *    advisor whose title names nothing in the ad reads it evenly.
 */
import { isContentStem, RANK_WORDS, stemOf, stemsOf, type Requirement } from "./job-reading";
import type { AdvisorSpec } from "../types";

/** Baseline affinity of every item (every advisor reads the whole ad), and the weight of expansion hits. */
const BASE_AFFINITY = 0.5;
const EXPANSION_WEIGHT = 0.5;
/** Stems in at least this share of the ad's items are too common to expand on. */
const COMMON_SHARE = 0.4;

/** One requirement item as an advisor weighs it. */
export interface WeighedRequirement {
  requirement: Requirement;
  /** Share of the title's domain stems in the item (+1 when it names the advisor). */
  direct: number;
  /** Share of the item's stems among the expansion stems. */
  expansion: number;
  /** section weight x (BASE_AFFINITY + direct + EXPANSION_WEIGHT x expansion). */
  weight: number;
}

export interface AdvisorLens {
  advisor: AdvisorSpec;
  /** Domain stems of the title (empty when it has only rank words). */
  focus: string[];
  /** Every item of the ad with the advisor's weight, heaviest first (ties in ad order). */
  items: WeighedRequirement[];
  /** True when the title names nothing the ad speaks of: the advisor reads the ad evenly. */
  generic: boolean;
}

/**
 * The domain stems of a job title (rank words removed).
 *
 * @example
 * titleFocus("Chief Financial Officer");  // ["financ"]
 * titleFocus("Recycling Plant Manager");  // ["recycl", "plant"]
 * titleFocus("Managing Partner");         // []
 */
export function titleFocus(title: string): string[] {
  return [...new Set(stemsOf(title).filter((s) => isContentStem(s) && !RANK_WORDS.has(s)))];
}

/** Does the item name the advisor: its short label as a word ("CFO"), or two or more consecutive words of its title ("Plant Manager")? */
function namesAdvisor(text: string, advisor: AdvisorSpec): boolean {
  const lower = ` ${text.toLowerCase().replace(/[^a-z0-9 ]+/g, " ")} `;
  if (advisor.short.length >= 2 && lower.includes(` ${advisor.short.toLowerCase()} `)) return true;
  const words = advisor.title.toLowerCase().split(/\s+/).filter(Boolean);
  for (let i = 0; i + 1 < words.length; i++) {
    for (let j = i + 2; j <= words.length; j++) {
      const phrase = words.slice(i, j);
      if (phrase.every((w) => RANK_WORDS.has(stemOf(w)) || w === "of")) continue;
      if (lower.includes(` ${phrase.join(" ")} `)) return true;
    }
  }
  return false;
}

/**
 * How an advisor weighs every item of an ad (see the module doc).
 *
 * @example
 * const lens = advisorLens({ title: "Chief Financial Officer", short: "CFO" }, readJob(job));
 * lens.items[0].requirement.label; // "business cases and capital expenditure" (the ad's "work with the CFO on ..." item)
 */
export function advisorLens(advisor: AdvisorSpec, requirements: readonly Requirement[]): AdvisorLens {
  const focus = titleFocus(advisor.title);
  const direct = requirements.map((r) => {
    const share = focus.length > 0 ? focus.filter((s) => r.stems.includes(s)).length / focus.length : 0;
    // Naming the advisor counts in the tasks and requirements, not in context sentences that list whom the hire reports to.
    const named = r.section !== "role" && r.section !== "about" && namesAdvisor(r.text, advisor);
    return share + (named ? 1 : 0);
  });
  const df = new Map<string, number>();
  for (const r of requirements) for (const s of r.stems) df.set(s, (df.get(s) ?? 0) + 1);
  const expansionStems = new Map<string, number>();
  requirements.forEach((r, i) => {
    // Expansion starts from the tasks and requirements that concern the advisor, not from context sentences that list several people.
    if (direct[i]! <= 0 || r.section === "about" || r.section === "role" || r.section === "offer") return;
    for (const s of r.stems) {
      if (focus.includes(s) || (df.get(s) ?? 0) >= COMMON_SHARE * requirements.length) continue;
      expansionStems.set(s, Math.max(expansionStems.get(s) ?? 0, Math.min(1, direct[i]!)));
    }
  });
  const items = requirements.map((requirement, i) => {
    const own = requirement.stems.filter((s) => !focus.includes(s));
    const expansion = own.length > 0 ? own.reduce((a, s) => a + (expansionStems.get(s) ?? 0), 0) / own.length : 0;
    const d = direct[i]!;
    return { requirement, direct: d, expansion, weight: requirement.weight * (BASE_AFFINITY + d + EXPANSION_WEIGHT * expansion) };
  });
  items.sort((a, b) => b.weight - a.weight || a.requirement.id - b.requirement.id);
  return { advisor, focus, items, generic: direct.every((d) => d === 0) };
}
