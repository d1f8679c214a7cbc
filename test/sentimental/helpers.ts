/**
 * A scripted "real model" for the Sentimental Agents prompts, behind the
 * loopback OpenAI server: it recognises each task from the JSON schema the
 * model layer appends to the system message, and answers each advisor's
 * n-th statement with a sentence that names the advisor and n, so a test can
 * find exactly which earlier statements a prompt shows.
 */
import { createEmbedder, createModel } from "../../src/llm/factory";
import { OfflineModel } from "../../src/llm/offline";
import { HashingEmbedder } from "../../src/text/embedding";
import type { RunContext } from "../../src/core/contract";
import { silentProgress } from "../../src/core/contract";
import { bundledDataDir } from "../../src/data/paths";
import { DEFAULT_ADVISORS, defaultSentimentalConfig, sentimentalExperiment } from "../../src/sentimental/index";
import type { BiasNullScheme } from "../../src/sentimental/bias-null";
import type { ChatRequestBody, FakeOpenAI } from "../helpers/fake-openai";

export type TaskKind = "mms" | "mms-description" | "mms-priorities" | "mms-criteria" | "statement" | "arguments" | "sentiment";

export const system = (req: ChatRequestBody): string => req.messages.find((m) => m.role === "system")?.content ?? "";
export const user = (req: ChatRequestBody): string =>
  req.messages
    .filter((m) => m.role === "user")
    .map((m) => m.content)
    .join("\n");

/** Which task a request is, from the schema keys in its system message. */
export function kindOf(req: ChatRequestBody): TaskKind {
  const s = system(req);
  if (s.includes('"scores"')) return "sentiment";
  if (s.includes('"arguments"')) return "arguments";
  if (s.includes('"description"') && s.includes('"evaluationCriteria"')) return "mms";
  if (s.includes('"evaluationCriteria"')) return "mms-criteria";
  if (s.includes('"priorities"')) return "mms-priorities";
  if (s.includes('"description"')) return "mms-description";
  return "statement";
}

/** The advisor titles the scripted model knows (the paper's three by default). */
export const TITLES: string[] = [...DEFAULT_ADVISORS];

/** The advisor title a statement prompt addresses ("You are the <title> ...", or the neutral set's "Your role on the panel: <title>."), longest known title first. */
export function advisorOf(req: ChatRequestBody): string {
  const title = TITLES.slice()
    .sort((a, b) => b.length - a.length)
    .find((t) => system(req).includes(`You are the ${t}`) || system(req).includes(`Your role on the panel: ${t}.`));
  if (!title) throw new Error(`no known advisor in ${system(req).slice(0, 200)}`);
  return title;
}

/** What the scripted advisor says in its n-th statement (1-based). */
export const said = (title: string, n: number): string => `${title} statement ${n} is here. It is a good and solid point.`;

/**
 * The answer function: one per server (it counts each advisor's statements).
 *
 * @example
 * const server = await startFakeOpenAI({ chat: (req) => okJson(scripted(req)) });
 */
export function scriptedAnswers(): (req: ChatRequestBody) => unknown {
  const counts = new Map<string, number>();
  return (req) => {
    switch (kindOf(req)) {
      case "mms":
        return {
          description: "I judge what my function needs.",
          priorities: ["cost control", "uptime"],
          evaluationCriteria: ["managed budgets", "ran operations"],
        };
      case "mms-description":
        return { description: "You judge what your function needs." };
      case "mms-priorities":
        return { priorities: ["cost control", "uptime"] };
      case "mms-criteria":
        return { evaluationCriteria: ["managed budgets", "ran operations"] };
      case "arguments":
        return {
          arguments: user(req)
            .replace(/^(Statement|Message):\n/, "")
            .split(/(?<=\.) /),
        };
      case "sentiment":
        return {
          scores: user(req)
            .split("\n")
            .filter((l) => /^\d+\./.test(l))
            .map(() => 0.5),
        };
      case "statement": {
        const title = advisorOf(req);
        const n = (counts.get(title) ?? 0) + 1;
        counts.set(title, n);
        return { statement: said(title, n) };
      }
    }
  };
}

/**
 * A run context whose model and embedder talk to the loopback server (one request at a time).
 *
 * @example
 * await sentimentalExperiment.run(config, loopbackContext(server));
 */
export function loopbackContext(server: FakeOpenAI, seed = 7): RunContext {
  return {
    model: createModel({ llm: "openai", model: "fake-gpt", baseURL: server.baseURL, apiKey: "sk-test-not-a-key", seed, maxRetries: 0, concurrency: 1 }),
    embedder: createEmbedder({ kind: "hashing" }),
    seed,
    dataDir: bundledDataDir(),
    progress: silentProgress,
    log: () => {},
    concurrency: 1,
  };
}

/** The statement requests, in the order they were sent. */
export const statementRequests = (server: FakeOpenAI): ChatRequestBody[] => server.chatRequests().filter((r) => kindOf(r) === "statement");

/** A run context with the offline agents on the bundled scenario, quiet. */
export function offlineContext(seed: number, concurrency = 2): RunContext {
  return {
    model: new OfflineModel({ seed }),
    embedder: new HashingEmbedder(),
    seed,
    dataDir: bundledDataDir(),
    progress: silentProgress,
    log: () => {},
    concurrency,
  };
}

/**
 * The tested bias label (and its permutation p-value) of one run in which no agent sees its peers
 * (opinionFormation "independent"): the offline panel on the bundled scenario, scope "all". A calibrated label calls
 * about 5 % of such runs biased (bias-experiment.e2e.test.ts, scripts/bias-null-calibration.ts).
 */
export async function independentBiasLabel(seed: number, biasNull: BiasNullScheme = "candidate-rounds"): Promise<{ bias: string; p: number }> {
  const result = await sentimentalExperiment.run(defaultSentimentalConfig({ opinionFormation: "independent", runs: 1, biasNull }), offlineContext(seed, 2));
  const all = result.tables.find((t) => t.name === "bias_summary")?.rows.find((r) => r["scope"] === "all");
  if (!all) throw new Error(`seed ${seed}: no bias_summary row for scope "all"`);
  return { bias: String(all["bias"]), p: all["p_null_log_ratio"] as number };
}
