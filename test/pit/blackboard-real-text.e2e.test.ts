/**
 * The Blackboard on a window with real text: 2021-01 .. 2021-02 of the
 * InvestorBench news and filings in ../shared/datasets (the paper's 2025
 * window has none there). The news and fundamentals analysts of MSFT, NFLX,
 * JNJ and HON must read that folder's items and cite them: every quoted
 * headline or summary in a news analyst's evidence is the start of a real
 * item of that ticker on the date the claim gives, every filing a
 * fundamentals analyst cites is a real filing (form and date) of the ticker.
 * The documented run (docs, notebook 04) is the same on 2020-10 .. 2021-04.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createModel } from "../../src/llm/factory";
import { RecordingModel } from "../../src/llm/recording";
import { runExperiment } from "../../src/run/runner";

const SHARED = path.resolve(process.cwd(), "../shared/datasets");
const TEXT_TICKERS = ["MSFT", "NFLX", "JNJ", "HON"];

interface Item {
  date: string;
  text: string;
}

const norm = (s: string) => s.replace(/\s+/g, " ").trim();

function realNews(ticker: string): Item[] {
  return readFileSync(path.join(SHARED, "news", `investorbench_${ticker}.jsonl`), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as { date: string; headline: string | null; summary: string | null })
    .map((r) => ({ date: r.date, text: norm([r.headline, r.summary].filter(Boolean).join(" ")) }));
}

function realFilings(): Array<{ ticker: string; date: string; form: string; text: string }> {
  return readFileSync(path.join(SHARED, "filings", "investorbench_filings.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as { ticker: string; date: string; form: string; text: string });
}

interface BoardMessage {
  type: string;
  ticker: string;
  sender: { role: string };
  content: { analyst?: string; evidence?: Array<{ id: string; claim: string }> };
}

describe.skipIf(!existsSync(path.join(SHARED, "news", "investorbench_MSFT.jsonl")))(
  "the Blackboard reads and cites the real text of ../shared/datasets",
  () => {
    it("news and fundamentals analysts of MSFT, NFLX, JNJ and HON cite real items of the folder", async () => {
      const rec = new RecordingModel(createModel({ llm: "offline", seed: 7 }));
      const run = await runExperiment("blackboard", {
        seed: 7,
        dataDir: SHARED,
        modelInstance: rec,
        set: [`tickers=${[...TEXT_TICKERS, "AAPL"].join(",")}`, "start=2021-01-04", "end=2021-02-12", "rebalanceEvery=10"],
      });
      const board = run.result
        .artifacts!.find((a) => a.path === "blackboard.jsonl")!
        .content.split("\n")
        .filter((l) => l.trim() !== "")
        .map((l) => JSON.parse(l) as BoardMessage);
      const reports = board.filter((m) => m.type === "AnalysisReport" && TEXT_TICKERS.includes(m.ticker));

      let newsCited = 0;
      for (const r of reports.filter((m) => m.content.analyst === "news")) {
        const items = realNews(r.ticker);
        for (const e of r.content.evidence ?? []) {
          const quote = /^(\d{4}-\d{2}-\d{2}): "(.+?)…?"/.exec(e.claim);
          if (!quote) continue;
          const [, date, text] = quote;
          const fragment = norm(text!.replace(/…$/, ""));
          expect(
            items.some((i) => i.date === date && i.text.startsWith(fragment)),
            `${r.ticker} ${e.id}: "${fragment.slice(0, 60)}" is no item of ${date}`,
          ).toBe(true);
          newsCited++;
        }
      }
      expect(newsCited).toBeGreaterThanOrEqual(20);

      const filings = realFilings();
      let filingsCited = 0;
      for (const r of reports.filter((m) => m.content.analyst === "fundamentals")) {
        for (const e of r.content.evidence ?? []) {
          const cited = /(10-[KQ]) filed (\d{4}-\d{2}-\d{2})/.exec(e.claim);
          if (!cited) continue;
          expect(filings.some((f) => f.ticker === r.ticker && f.form === cited[1] && f.date === cited[2])).toBe(true);
          filingsCited++;
        }
      }
      expect(filingsCited).toBeGreaterThanOrEqual(8);
      // Every ticker's fundamentals analyst read and cited a filing.
      for (const t of TEXT_TICKERS)
        expect(reports.some((m) => m.ticker === t && m.content.analyst === "fundamentals" && (m.content.evidence ?? []).length > 0)).toBe(true);

      // The prompts a real model would read carry that text: the news analyst's input holds the items' own words.
      const msftNews = rec.prompts.filter((p) => p.task === "blackboard.analyst.news" && p.messages![1]!.content.includes('"ticker":"MSFT"'));
      expect(msftNews.length).toBeGreaterThan(0);
      const shown = JSON.parse(msftNews[0]!.messages![1]!.content) as { data: Item[] };
      expect(shown.data.length).toBeGreaterThan(0);
      const real = realNews("MSFT");
      for (const d of shown.data) expect(real.some((i) => i.date === d.date && i.text.startsWith(norm(d.text).replace(/…$/, "")))).toBe(true);
    }, 300_000);
  },
);
