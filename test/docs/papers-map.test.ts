/**
 * docs/PAPERS.md maps every equation, table, figure, definition and prompt of
 * the three papers to the code. The map is only useful while it points at code
 * that exists, so each row's file must exist and define each named function
 * (or const, class, type, interface; `Class.method` for a method), every
 * built-in prompt file must have a row, and every item the papers number must
 * be there.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = process.cwd();
const mapText = readFileSync(path.join(root, "docs", "PAPERS.md"), "utf8");

interface MapRow {
  line: number;
  item: string;
  file: string;
  names: string[];
}

/** Table cells of a markdown row, split on `|` that is not escaped as `\|`. */
function cellsOf(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, "")
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

const backticked = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

/** Every data row of every 4-column table (header and separator rows left out). */
function mapRows(text: string): MapRow[] {
  const rows: MapRow[] = [];
  text.split("\n").forEach((raw, index) => {
    if (!raw.startsWith("|")) return;
    const cells = cellsOf(raw);
    if (cells.length !== 4 || /^-+$/.test(cells[0]!.replace(/\s/g, "")) || cells[0] === "item") return;
    const file = backticked(cells[2]!)[0] ?? cells[2]!;
    rows.push({ line: index + 1, item: cells[0]!, file, names: backticked(cells[3]!) });
  });
  return rows;
}

/** Whether a TypeScript source exports `name`, or (for `Class.method`) has that method in an exported class. */
function defines(source: string, name: string): boolean {
  const [owner, member] = name.split(".");
  const exported = new RegExp(
    `^export\\s+(?:declare\\s+)?(?:abstract\\s+)?(?:async\\s+)?(?:function\\*?|const|let|class|type|interface|enum)\\s+${owner}\\b`,
    "m",
  );
  if (!exported.test(source)) return false;
  if (!member) return true;
  const body = source.slice(source.search(exported));
  return new RegExp(`^\\s+(?:public\\s+|private\\s+|protected\\s+|static\\s+|async\\s+)*${member}\\s*[(<]`, "m").test(body);
}

/** Problems of the map: rows naming a missing file or a name the file does not define. */
function problemsOf(rows: readonly MapRow[]): string[] {
  const problems: string[] = [];
  for (const row of rows) {
    if (row.file === "—") {
      if (row.names.length > 0) problems.push(`line ${row.line}: "${row.item}" has no file but names ${row.names.join(", ")}`);
      continue;
    }
    if (!row.file.startsWith("src/") || !existsSync(path.join(root, row.file))) {
      problems.push(`line ${row.line}: "${row.item}" names ${row.file}, which does not exist`);
      continue;
    }
    if (row.names.length === 0) problems.push(`line ${row.line}: "${row.item}" names no function in ${row.file}`);
    const source = readFileSync(path.join(root, row.file), "utf8");
    for (const name of row.names) if (!defines(source, name)) problems.push(`line ${row.line}: ${row.file} does not export ${name}`);
    for (const prompt of backticked(row.item).filter((name) => name.startsWith("src/")))
      if (!existsSync(path.join(root, prompt))) problems.push(`line ${row.line}: prompt ${prompt} does not exist`);
  }
  return problems;
}

const rows = mapRows(mapText);

/** The section of the map (between two "## " headings) that starts with `heading`. */
function section(heading: string): MapRow[] {
  const lines = mapText.split("\n");
  const start = lines.findIndex((l) => l.startsWith(`## ${heading}`));
  const next = lines.findIndex((l, i) => i > start && l.startsWith("## "));
  const end = next < 0 ? lines.length : next;
  return rows.filter((r) => r.line > start && r.line <= end);
}

describe("docs/PAPERS.md", () => {
  it("has rows for all three papers", () => {
    expect(rows.length).toBeGreaterThan(100);
  });

  it("names only files that exist and functions they define", () => {
    expect(problemsOf(rows)).toEqual([]);
  });

  it("the check catches a renamed function and a moved file", () => {
    const row = rows.find((r) => r.names.includes("updateOpinion"))!;
    expect(problemsOf([{ ...row, names: ["updateOpinionRenamed"] }])).toEqual([
      `line ${row.line}: src/sentimental/opinion.ts does not export updateOpinionRenamed`,
    ]);
    expect(problemsOf([{ ...row, file: "src/plot/layout.ts" }])[0]).toContain("does not exist");
    expect(problemsOf([{ ...row, names: ["LayeredMemory.noSuchMethod"], file: "src/finmem/memory.ts" }])).toHaveLength(1);
  });

  it("gives every built-in prompt file a row", () => {
    const prompts = ["sentimental", "finmem", "blackboard"].flatMap((paper) => {
      const dir = path.join(root, "src", paper, "prompts");
      return readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .flatMap((set) =>
          readdirSync(path.join(dir, set.name))
            .filter((f) => f.endsWith(".md"))
            .map((f) => `src/${paper}/prompts/${set.name}/${f}`),
        );
    });
    expect(prompts.length).toBeGreaterThan(20);
    const named = new Set(rows.flatMap((r) => backticked(r.item)));
    expect(prompts.filter((p) => !named.has(p))).toEqual([]);
  });

  it("covers every numbered equation, definition, table and figure of Sentimental Agents", () => {
    const items = section("Sentimental Agents").map((r) => r.item);
    const wanted = [
      ...[1, 2, 3, 4, 5].map((n) => `Eq. ${n}`),
      ...[1, 2, 3, 4, 5].map((n) => `Definition ${n}`),
      "Algorithm 1",
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `Table ${n}`),
      ...[1, 2, 3, 4, 5, 6, 7].map((n) => `Figure ${n}`),
    ];
    const mentions = (label: string): boolean => items.some((item) => new RegExp(`(^|[ ,])${label.replace(".", "\\.")}($|[ ,(])`).test(item));
    expect(wanted.filter((label) => !mentions(label))).toEqual([]);
  });

  it("covers FinMem's retrieval score and its three parts, and the third paper's figures and table", () => {
    const finmem = section("FinMem").map((r) => r.item);
    expect(["γ_l^E", "S_Recency", "S_Importance", "S_Relevancy"].filter((i) => !finmem.includes(i))).toEqual([]);
    const bb = section("Blackboard").map((r) => r.item);
    expect(["Fig. 1", "Fig. 2", "Table 2", "prior π", "μ_BL", "Ω", "deflated Sharpe"].filter((i) => !bb.includes(i))).toEqual([]);
  });
});
