/**
 * Which profile FinMem shows on a day, and so which retrieval query it uses
 * (the profile text doubles as the query, as in the FinMem code).
 *
 * - `profileOverview: "window"` (the paper, §2.1): the historical performance
 *   overview covers the whole training window, so every training prompt, from
 *   the first training day on, quotes the closes up to trainEnd. The paper
 *   allows it; it is a look-ahead by design and the experiment declares it.
 * - `profileOverview: "asOf"`: on training day t the overview covers
 *   trainStart .. t, so a training prompt quotes no close after t (its label,
 *   the close of t + 1, is the only later price it holds). Test days see the
 *   full training window, known by then, under both options.
 */
import type { DataFolder } from "../data/index";
import type { Embedder } from "../text/index";
import type { FinMemLoopOptions, Phase } from "./loop-types";
import { buildProfile, type Profile } from "./profile";
import { embedOne } from "./vectors";

/** A day's profile and its embedding (the retrieval query). */
export interface DayProfile {
  profile: Profile;
  query: Float32Array;
}

export interface ProfileSchedule {
  /** The profile of a run day. */
  profileFor(date: string, phase: Phase): Promise<DayProfile>;
  /** The last profile handed out (the run's artifact). */
  latest(): Profile;
}

type ScheduleOptions = Pick<FinMemLoopOptions, "ticker" | "trainStart" | "trainEnd" | "profileOverview" | "priceBasis">;

/**
 * The profile schedule of a run (see the module comment); query embeddings are cached per profile text.
 *
 * @example
 * const profiles = profileSchedule(options, folder, embedder);
 * (await profiles.profileFor("2020-03-16", "train")).profile.overview?.end; // "2020-03-16" under asOf
 */
export function profileSchedule(o: ScheduleOptions, folder: DataFolder, embedder: Embedder): ProfileSchedule {
  const queries = new Map<string, Float32Array>();
  let last: Profile | null = null;
  const build = (through: string): Profile => {
    const view = folder.asOf(through);
    return buildProfile(o.ticker, view.tickerInfo(o.ticker), view.prices(o.ticker), o.trainStart, through, o.priceBasis);
  };
  // The window overview is read as of trainEnd: known on every test day, ahead of every training day but the last.
  let windowProfile: Profile | null = null;
  const fullWindow = (): Profile => (windowProfile ??= build(o.trainEnd));
  return {
    async profileFor(date: string, phase: Phase): Promise<DayProfile> {
      const profile = o.profileOverview === "asOf" && phase === "train" ? build(date < o.trainEnd ? date : o.trainEnd) : fullWindow();
      let query = queries.get(profile.text);
      if (!query) {
        query = await embedOne(embedder, profile.text, "profile");
        queries.set(profile.text, query);
      }
      last = profile;
      return { profile, query };
    },
    latest(): Profile {
      return last ?? fullWindow();
    },
  };
}
