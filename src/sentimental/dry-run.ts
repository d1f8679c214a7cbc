/**
 * What `consilium run sentimental --dry-run` must assume: a conversation ends
 * when the opinion changes fall below the tolerance, which depends on the
 * answers; with tolerance 0 no change is ever below it (changes are absolute
 * values), so every conversation runs all maxRounds rounds — the dry run
 * renders that worst case, growing transcripts included.
 */
import type { DryRunPlan } from "../core/index";
import type { SentimentalConfig } from "./config";

/**
 * The worst-case config of a Sentimental run for the dry run.
 *
 * @example
 * sentimentalDryRun.worstCase!(config).config.tolerance; // 0
 */
export const sentimentalDryRun: DryRunPlan<SentimentalConfig> = {
  worstCase(config) {
    return {
      config: { ...config, tolerance: 0 },
      assumptions: [
        `every conversation runs all ${config.maxRounds} rounds (rendered with tolerance 0, so the ${config.stopRule} stop rule never ends one early): an upper bound on calls`,
      ],
    };
  },
};
