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
import { existsSync } from "node:fs";
import { CHROMIUM_ARGS, ChromiumNotFoundError, chromiumPath } from "./chromium";
import { chromium, type Browser, type BrowserContext } from "playwright-core";

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
