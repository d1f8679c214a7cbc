/**
 * The layers of src/, checked by `npm test` (npm run lint:deps). Folders are
 * layers and imports point down:
 *
 *   kernels   stats < text, data < llm < core (the shared contract)
 *   finance   portfolio < backtest
 *   papers    sentimental, finmem, blackboard (never each other)
 *   top       plot < report; audit; run (orchestration); notebook; cli
 *
 * A cross-folder import goes through the target folder's index.ts (its public
 * API). Modules that load a heavy package (playwright-core, openai,
 * danfojs-node) are separate entries, reached only by dynamic import, so a CLI
 * start never loads them. A paper's offline agents live in its offline/
 * folder and never import the paper's wiring. The one import that looks at the papers from below
 * the CLI is run/registry.ts, which loads them lazily by name: it is declared
 * here as the exception.
 */
const KERNELS = ["stats", "text", "data", "llm", "core"];
const FINANCE = ["portfolio", "backtest"];
const PAPERS = ["sentimental", "finmem", "blackboard"];

/** Which folders each folder may import from (besides itself). */
const LAYERS = {
  stats: [],
  text: ["stats"],
  data: ["stats"],
  llm: ["stats", "text"],
  core: ["stats", "text", "llm"],
  portfolio: ["stats", "core"],
  backtest: ["stats", "data", "core", "portfolio"],
  sentimental: [...KERNELS, ...FINANCE],
  finmem: [...KERNELS, ...FINANCE],
  blackboard: [...KERNELS, ...FINANCE],
  plot: [...KERNELS],
  report: [...KERNELS, ...FINANCE, "plot"],
  audit: [...KERNELS, ...FINANCE, ...PAPERS],
  run: [...KERNELS, ...FINANCE, "plot", "report", "audit"],
  notebook: [...KERNELS, ...FINANCE, ...PAPERS, "plot", "report", "audit", "run"],
  cli: [...KERNELS, ...FINANCE, ...PAPERS, "plot", "report", "audit", "run", "notebook"],
};

/** Entries that load a heavy package: dynamic import only (type-only imports are free). */
const HEAVY_ENTRIES = "^src/(plot/export|plot/browser|plot/layout-audit|llm/openai-sdk|notebook/dataframe)\\.ts$";
const HEAVY_PACKAGES = "(^|/)node_modules/(playwright-core|openai|danfojs-node|onnxruntime-node)/";

const layerRules = Object.entries(LAYERS).map(([folder, allowed]) => ({
  name: `layer-${folder}`,
  comment: `src/${folder} may import only from ${allowed.length ? allowed.map((f) => `src/${f}`).join(", ") : "nothing else in src"} (imports point down the layers; see .dependency-cruiser.cjs)`,
  severity: "error",
  from: { path: `^src/${folder}/`, ...(folder === "run" ? { pathNot: "^src/run/registry\\.ts$" } : {}) },
  to: { path: "^src/", pathNot: `^src/(${[folder, ...allowed].join("|")})/` },
}));

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "a cycle between modules (type-only imports included)",
      severity: "error",
      from: { path: "^src/" },
      to: { circular: true },
    },
    ...layerRules,
    {
      name: "registry-loads-papers-lazily",
      comment: "run/registry.ts is the one module below the CLI that knows the papers, and it loads them by dynamic import only",
      severity: "error",
      from: { path: "^src/run/registry\\.ts$" },
      to: { path: `^src/(${PAPERS.join("|")})/`, dependencyTypesNot: ["dynamic-import", "type-only"] },
    },
    {
      name: "registry-only-paper-indexes",
      comment: "run/registry.ts loads a paper through its index.ts, and may import nothing else above run",
      severity: "error",
      from: { path: "^src/run/registry\\.ts$" },
      to: { path: "^src/", pathNot: [`^src/(${PAPERS.join("|")})/index\\.ts$`, `^src/(${LAYERS.run.join("|")}|run)/`] },
    },
    {
      name: "through-the-index",
      comment: "a cross-folder import goes through the target folder's index.ts (its public API), or is a dynamic import of a heavy entry",
      severity: "error",
      from: { path: "^src/([^/]+)/" },
      to: { path: "^src/", pathNot: ["^src/$1/", "^src/[^/]+/index\\.ts$", HEAVY_ENTRIES] },
    },
    {
      name: "offline-agents-below-the-wiring",
      comment:
        "a paper's offline agent (src/<paper>/offline/) never imports its paper's wiring (experiment, pipeline, loop, config): what both need lives beside them, below the wiring",
      severity: "error",
      from: { path: `^src/(${PAPERS.join("|")})/offline/` },
      to: { path: "^src/$1/(experiment|pipeline|loop|config)\\.ts$" },
    },
    {
      name: "heavy-entries-lazily",
      comment: "modules that load playwright-core, openai or danfojs-node are reached only by dynamic import (or type-only), so a CLI start never loads them",
      severity: "error",
      from: { pathNot: HEAVY_ENTRIES },
      to: { path: HEAVY_ENTRIES, dependencyTypesNot: ["dynamic-import", "type-only"] },
    },
    {
      name: "heavy-packages-in-their-entries",
      comment: "playwright-core, openai, danfojs-node and onnxruntime-node are imported (at run time) only by their entry modules (onnxruntime-node only by dynamic import)",
      severity: "error",
      from: { path: "^src/", pathNot: HEAVY_ENTRIES },
      to: { path: HEAVY_PACKAGES, dependencyTypesNot: ["type-only", "dynamic-import"] },
    },
    {
      name: "no-unresolvable",
      comment: "an import that does not resolve",
      severity: "error",
      from: { path: "^src/" },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"], extensions: [".ts", ".js", ".mjs", ".cjs", ".json"] },
    exclude: { path: "^src/text/data/" },
  },
};
