/**
 * The README is the page a newcomer reads first: short (the rest lives in
 * docs/, one page per topic), with the quick start's two commands, and every
 * relative link of it and of docs/ pointing at a file that exists (pages
 * moved between README and docs/ keep their links working).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = process.cwd();
const readme = readFileSync(path.join(root, "README.md"), "utf8");

/** Relative link targets of a markdown text (no URL, no pure #anchor), without their #anchor. */
function relativeLinks(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z]+:/.test(target) && !target.startsWith("#"))
    .map((target) => target.split("#")[0]!);
}

/** Links of one markdown file that point at nothing, as "file -> target". */
function brokenLinks(file: string): string[] {
  const text = readFileSync(path.join(root, file), "utf8");
  return relativeLinks(text)
    .filter((target) => !existsSync(path.resolve(path.dirname(path.join(root, file)), target)))
    .map((target) => `${file} -> ${target}`);
}

describe("README.md", () => {
  it("is at most 250 lines", () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(250);
  });

  it("opens with the quick start's two commands: the main job on the embedded defaults, and the tests", () => {
    const quick = readme.slice(readme.indexOf("## Quick start"), readme.indexOf("\n## ", readme.indexOf("## Quick start") + 1));
    expect(quick).toContain("bash scripts/setup.sh && npm run reproduce");
    expect(quick).toMatch(/^npm test\b/m);
    const scripts = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
    expect(scripts.reproduce).toBeDefined();
    expect(scripts.test).toBeDefined();
    expect(existsSync(path.join(root, "scripts", "setup.sh"))).toBe(true);
  });

  it("links only to files that exist, as do docs/ and CHANGELOG.md", () => {
    const docs = readdirSync(path.join(root, "docs"))
      .filter((f) => f.endsWith(".md"))
      .map((f) => `docs/${f}`);
    expect(docs.length).toBeGreaterThan(5);
    expect(["README.md", "CHANGELOG.md", ...docs].flatMap(brokenLinks)).toEqual([]);
  });

  it("links every page of docs/", () => {
    const docs = readdirSync(path.join(root, "docs")).filter((f) => f.endsWith(".md"));
    const linked = new Set(relativeLinks(readme));
    expect(docs.filter((f) => !linked.has(`docs/${f}`))).toEqual([]);
  });
});
