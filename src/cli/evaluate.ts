/**
 * `consilium evaluate sentimental --transcript PATH [--set key=value ...] --out DIR`:
 * every table and figure of the Sentimental Agents experiment from a recorded
 * conversation (ours or the authors' simulation_data.json), written as a run
 * folder, without asking a model for any statement.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { OFFLINE_LABEL } from "../core/index";
import {
  checkRunFolder,
  claimRunFolder,
  collectVersions,
  DEFAULT_SEED,
  defaultRunDir,
  labelResult,
  prepareRun,
  resolveRunConfig,
  writeRunFolder,
  type RunRecord,
} from "../run/index";
import { parseEmbedder, parseIntOption, parseLlm, UsageError, type CliIo } from "./usage";

const OPTIONS = {
  transcript: { type: "string" },
  config: { type: "string" },
  set: { type: "string", multiple: true },
  llm: { type: "string" },
  model: { type: "string" },
  seed: { type: "string" },
  data: { type: "string" },
  out: { type: "string" },
  cache: { type: "string" },
  embedder: { type: "string" },
  json: { type: "boolean" },
  force: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

export const EVALUATE_USAGE = `consilium evaluate sentimental --transcript PATH [--set key=value ...] [--out DIR]
  PATH: a run folder or its artifacts/conversation.jsonl (ours), or the authors' simulation_data.json,
  a folder holding one, or a folder of candidate folders that each hold one.
  Sentiments recorded in the file are used as they are (--set rescore=true re-scores the arguments with
  this run's f(A)); opinions are recomputed with eq. 4 at this run's alpha over every message, no stop
  rule; tables/transcript_check compares them with the recorded ones.
  Default DIR: runs/sentimental-seed<N>-transcript-<hash of the config and transcript path>. A folder holding
  another run is refused (--force replaces its tables, figures and reports; never its llm-cache/).
  Also: [--config FILE] [--llm offline|openai|replay] [--model NAME] [--cache DIR] [--embedder hashing|minilm|openai]
        [--seed N] [--data DIR] [--json] [--force]
`;

/**
 * Runs the evaluate command; returns the exit code.
 *
 * @example
 * await evaluateCommand(["sentimental", "--transcript", "runs/sentimental-seed7", "--out", "/tmp/ev"], io); // 0
 */
export async function evaluateCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  if (values.help) {
    io.stdout(EVALUATE_USAGE);
    return 0;
  }
  const name = positionals[0];
  if (name !== "sentimental")
    throw new UsageError(`evaluate reads Sentimental Agents transcripts: consilium evaluate sentimental --transcript PATH (got "${name ?? ""}")`);
  if (!values.transcript) throw new UsageError("evaluate needs --transcript PATH (a run folder, a conversation.jsonl or the authors' simulation_data.json)");
  const llm = parseLlm(values.llm);
  if (llm === "offline" && values.model !== undefined) throw new UsageError(`--model ${values.model} needs --llm openai (or replay)`);
  const embedder = parseEmbedder(values.embedder);
  const seed = parseIntOption(values.seed, "seed", DEFAULT_SEED);
  const force = values.force ?? false;
  const outDir = path.resolve(values.out ?? (await defaultOutDir(values.transcript, seed, values)));
  checkRunFolder(outDir, "sentimental", { force });
  const prepared = await prepareRun("sentimental", {
    llm,
    model: values.model,
    seed,
    dataDir: values.data,
    configFile: values.config,
    set: values.set ?? [],
    cacheDir: values.cache ? path.resolve(values.cache) : llm === "offline" ? undefined : path.join(outDir, "llm-cache"),
    embedder,
  });
  const sentimental = await import("../sentimental/index");
  const started = performance.now();
  const config = prepared.config as unknown as Parameters<typeof sentimental.evaluateTranscript>[1];
  const { transcript, result } = await sentimental.evaluateTranscript(values.transcript, config, prepared.ctx);
  // The statements were made by whoever recorded them: our run's model, else the authors' (unknown) model.
  const recorded = transcript.model;
  const modelId = recorded?.id ?? `transcript (${transcript.format})`;
  const modelLabel = recorded?.offline
    ? OFFLINE_LABEL
    : `recorded conversation: ${recorded ? `model ${recorded.id}` : `${transcript.format} format, model not recorded`}`;
  const run: RunRecord = {
    experiment: "sentimental",
    description: `Sentimental Agents evaluated from the recorded conversation ${values.transcript} (${transcript.format} format; no model asked for statements).`,
    config: prepared.config,
    seed,
    dataDir: prepared.ctx.dataDir,
    model: modelId,
    offline: recorded?.offline ?? false,
    modelLabel,
    result: labelResult(result, modelId, modelLabel),
    usage: prepared.model.usage(),
    versions: collectVersions(),
    timings: { totalMs: performance.now() - started },
  };
  claimRunFolder(outDir, { experiment: "sentimental", seed, model: modelId, config: prepared.config }, "transcript", { force });
  const manifest = writeRunFolder(run, outDir, "transcript");
  if (values.json) io.stdout(JSON.stringify({ outDir, ...manifest }, null, 2) + "\n");
  else {
    const conversations = transcript.runs[0]?.length ?? 0;
    io.stdout(`sentimental from ${transcript.files.length} transcript file(s), ${conversations} conversation(s) (${modelLabel}) -> ${outDir}\n`);
    io.stdout(`  ${manifest.tables.length} tables, ${manifest.figures.length} figures; recorded vs recomputed opinions in tables/transcript_check.csv\n`);
  }
  return 0;
}

/** The default folder: hashed over the resolved config and the transcript read, so two evaluations never share one. */
async function defaultOutDir(transcript: string, seed: number, values: { data?: string; config?: string; set?: string[] }): Promise<string> {
  const config = await resolveRunConfig("sentimental", { dataDir: values.data, configFile: values.config, set: values.set ?? [] });
  return defaultRunDir({ experiment: "sentimental", seed, config, model: `transcript ${path.resolve(transcript)}` }, "transcript");
}
