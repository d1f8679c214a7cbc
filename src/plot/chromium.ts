/**
 * Where Debian's Chromium is and the flags it runs with here; answers
 * "is there a browser?" without loading playwright-core (src/plot/browser).
 */
import { existsSync } from "node:fs";

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
