/**
 * A CLI start loads no heavy package it does not need: playwright-core,
 * openai and danfojs-node are reached only by dynamic import (see
 * .dependency-cruiser.cjs), so `consilium keys` and an offline run never load
 * them. An ESM resolve hook records every module the process resolves.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const dir = mkdtempSync(path.join(os.tmpdir(), "consilium-cli-start-"));
const hooks = path.join(dir, "hooks.mjs");
const register = path.join(dir, "register.mjs");
writeFileSync(
  hooks,
  `import { appendFileSync } from "node:fs";
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(process.env.CONSILIUM_TRACE, result.url + "\\n");
  return result;
}
`,
);
writeFileSync(register, `import { register } from "node:module";\nregister(${JSON.stringify(new URL(`file://${hooks}`).href)});\n`);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function modulesLoadedBy(args: string[]): string[] {
  const trace = path.join(dir, `trace-${args[0]}.txt`);
  writeFileSync(trace, "");
  execFileSync(process.execPath, ["--import", register, path.join(root, "bin/consilium.mjs"), ...args], {
    cwd: root,
    env: { ...process.env, CONSILIUM_TRACE: trace, OPENAI_API_KEY: "" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  return readFileSync(trace, "utf8").split("\n").filter(Boolean);
}

const HEAVY = /node_modules\/(playwright-core|openai|danfojs-node|@tensorflow|onnxruntime-node|onnxruntime-common)\//;

describe("a CLI start", () => {
  it("`consilium keys` loads no heavy package", () => {
    const loaded = modulesLoadedBy(["keys", "finmem"]);
    expect(loaded.some((url) => url.includes("/src/cli/main.ts"))).toBe(true);
    expect(loaded.filter((url) => HEAVY.test(url))).toEqual([]);
  });

  it("an offline run loads no heavy package", () => {
    const out = path.join(dir, "run");
    const loaded = modulesLoadedBy(["run", "sentimental", "--set", "candidates=1", "--set", "maxRounds=1", "--set", "runs=1", "--out", out, "--json"]);
    expect(loaded.some((url) => url.includes("/src/sentimental/"))).toBe(true);
    expect(loaded.filter((url) => HEAVY.test(url))).toEqual([]);
  });
});
