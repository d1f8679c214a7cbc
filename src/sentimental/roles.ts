/**
 * The advisors' roles as the whole panel shares them: the short label each
 * advisor goes by in prompts, transcripts and tables. The wiring names the
 * panel with it (pipeline.ts) whether the advisors are a model or the offline
 * stand-in, and the offline advisor looks for it in the ad ("work with the
 * CFO", offline/role-lens.ts); so it lives beside both, below the wiring.
 */

/**
 * Short label of an advisor title: the initials of its words without
 * "of/and/the", keeping all-caps words whole ("VP of Engineering" -> "VPE").
 *
 * @example
 * shortRoleLabel("Chief Financial Officer"); // "CFO"
 * shortRoleLabel("VP of Engineering");       // "VPE"
 * shortRoleLabel("Recycling Plant Manager"); // "RPM"
 */
export function shortRoleLabel(jobTitle: string): string {
  const words = jobTitle.split(/[\s-]+/).filter((w) => w !== "" && !/^(of|and|the|for|&)$/i.test(w));
  const label = words.map((w) => (/^[A-Z]{2,}$/.test(w) ? w : w[0]!.toUpperCase())).join("");
  return label === "" ? jobTitle : label;
}
