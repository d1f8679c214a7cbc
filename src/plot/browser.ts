/**
 * One headless Chromium for everything that needs a browser: figure export
 * (SVG, PNG, PDF) and the browser tests of the HTML reports.
 *
 * We drive the system Chromium (Debian's `chromium` package) through
 * playwright-core, never a downloaded browser, with every network-facing
 * feature switched off: exports must work offline and give the same bytes.
 * The browser is launched once and reused across figures (launching costs far
 * more than rendering a figure).
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { chromium, type Browser, type BrowserContext } from "playwright-core";

/** Default system Chromium; override with the `CHROMIUM_PATH` environment variable. */
export const DEFAULT_CHROMIUM_PATH = "/usr/bin/chromium";

/** Flags for a quiet, offline, deterministic headless browser. */
export const CHROMIUM_ARGS: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Thrown when no Chromium executable is found; the message says how to install one. */
export class ChromiumNotFoundError extends Error {
  readonly executablePath: string;
  constructor(executablePath: string) {
    super(
      `Chromium not found at ${executablePath}. Figure export and browser tests need a system Chromium: ` +
        `install it with \`apt-get install chromium\` (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium/Chrome executable.`,
    );
    this.name = "ChromiumNotFoundError";
    this.executablePath = executablePath;
  }
}

/**
 * Path of the Chromium executable: `CHROMIUM_PATH` if set, else /usr/bin/chromium.
 * @example chromiumPath() // "/usr/bin/chromium"
 */
export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  return fromEnv && fromEnv.length > 0 ? fromEnv : DEFAULT_CHROMIUM_PATH;
}

/**
 * Whether a Chromium executable exists (tests use this to skip cleanly).
 * @example if (!chromiumAvailable()) console.log("skipping: no chromium");
 */
export function chromiumAvailable(): boolean {
  return existsSync(chromiumPath());
}

/** A launched browser plus the throwaway profile folder it owns. */
export interface ChromiumHandle {
  browser: Browser;
  /** A fresh browser context (own cookies/storage), offline. */
  newContext(options?: { deviceScaleFactor?: number }): Promise<BrowserContext>;
  close(): Promise<void>;
}

/**
 * Launch headless Chromium with a new, empty user-data-dir (playwright creates
 * it per launch and deletes it on close).
 * Throws `ChromiumNotFoundError` when the executable is missing.
 * @example
 * const chrome = await launchChromium();
 * const page = await (await chrome.newContext()).newPage();
 * await chrome.close();
 */
export async function launchChromium(): Promise<ChromiumHandle> {
  const executablePath = chromiumPath();
  if (!existsSync(executablePath)) throw new ChromiumNotFoundError(executablePath);
  // playwright gives every launch() a new, empty temporary user-data-dir and deletes it on close.
  const browser = await chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_ARGS] });
  return {
    browser,
    async newContext(options = {}) {
      const context = await browser.newContext({
        deviceScaleFactor: options.deviceScaleFactor ?? 1,
        offline: true,
        javaScriptEnabled: true,
      });
      return context;
    },
    async close() {
      await browser.close().catch(() => undefined);
    },
  };
}

let shared: Promise<ChromiumHandle> | null = null;

/**
 * The process-wide Chromium, launched on first use and reused afterwards.
 * Call `closeSharedChromium()` when done (the CLI does it before exiting).
 * @example const chrome = await sharedChromium();
 */
export function sharedChromium(): Promise<ChromiumHandle> {
  if (!shared) {
    shared = launchChromium();
    shared.catch(() => {
      shared = null;
    });
  }
  return shared;
}

/**
 * Close the shared Chromium if it was launched.
 * @example await closeSharedChromium();
 */
export async function closeSharedChromium(): Promise<void> {
  const current = shared;
  shared = null;
  if (current) await (await current).close();
}

/**
 * Run `fn` with a freshly launched Chromium and always close it afterwards.
 * @example const title = await withChromium(async (c) => (await (await c.newContext()).newPage()).title());
 */
export async function withChromium<T>(fn: (chrome: ChromiumHandle) => Promise<T>): Promise<T> {
  const chrome = await launchChromium();
  try {
    return await fn(chrome);
  } finally {
    await chrome.close();
  }
}

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
  return m ? m[1]! : "unknown";
}
