import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The end-to-end files first (longest first among them, by the last run's durations when Vitest has them, else by
 * size): the two workers then finish together instead of one of them starting a two-minute file last. A fresh
 * checkout (CI) has no recorded durations, so the file name says which files are heavy.
 */
class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const heavy = (file: TestSpecification) => file.moduleId.endsWith(".e2e.test.ts");
    return [...sorted.filter(heavy), ...sorted.filter((file) => !heavy(file))];
  }
}

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Forks, not threads: a few tests change the working directory (process.chdir), which worker threads refuse.
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: on a 2-core machine that is one worker, the whole suite in
    // series. Two workers use both cores (the main process only schedules and transforms).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The files of one worker share its module cache instead of importing zod, the experiments and the data layer
    // again for every file: about 40 % less CPU on unit-test files, where importing costs more than the tests. Safe
    // because no test mocks a module (vi.mock) and tests that change process.env or globals restore them; the two
    // options below undo vi.stubEnv / vi.stubGlobal after each test as a second guard.
    isolate: false,
    unstubEnvs: true,
    unstubGlobals: true,
    sequence: { sequencer: HeavyFirstSequencer },
  },
});
