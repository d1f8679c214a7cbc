/**
 * The plotly.js bundle from the installed plotly.js-dist-min package: its
 * path, its text (inlined into reports, notebooks and export pages) and version.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

let plotlySourceCache: string | null = null;

/**
 * Path of `plotly.min.js` from the installed plotly.js-dist-min package,
 * resolved from the working directory or the running script (no
 * `import.meta`, so this also works when tslab compiles src/ as CommonJS).
 * Override with `PLOTLY_JS_PATH`.
 * @example plotlyJsPath() // ".../node_modules/plotly.js-dist-min/plotly.min.js"
 */
export function plotlyJsPath(): string {
  const fromEnv = process.env.PLOTLY_JS_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const bases = [process.cwd(), process.argv[1] ? path.dirname(path.resolve(process.argv[1])) : ""].filter(Boolean);
  for (const base of bases) {
    try {
      return createRequire(path.join(base, "__consilium_resolve__.js")).resolve("plotly.js-dist-min/plotly.min.js");
    } catch {
      // try the next base
    }
  }
  throw new Error("plotly.js-dist-min not found: run from inside the Consilium project (npm install), or set PLOTLY_JS_PATH to plotly.min.js.");
}

/**
 * The plotly.js bundle as text, safe to inline in an HTML `<script>` element
 * (any `</script` is escaped). Read once and cached.
 * @example const js = plotlySource(); js.startsWith("/**") // true
 */
export function plotlySource(): string {
  if (plotlySourceCache === null) {
    plotlySourceCache = readFileSync(plotlyJsPath(), "utf8").replace(/<\/script/gi, "<\\/script");
  }
  return plotlySourceCache;
}

/**
 * The plotly.js version string from the bundle header.
 * @example plotlyVersion() // "4.1.2"
 */
export function plotlyVersion(): string {
  const m = /plotly\.js v(\d+\.\d+\.\d+)/.exec(plotlySource().slice(0, 200));
  return m?.[1] ?? "unknown";
}
