/**
 * Prompt-token counting for cost estimates before a run: OpenAI's BPE
 * encodings through js-tiktoken (a pure-JS port with the ranks bundled in the
 * npm package: nothing is downloaded), chosen by model family:
 *
 * - o200k_base: gpt-4o, gpt-4.1, gpt-4.5, gpt-5, o1 / o3 / o4 (exact);
 * - cl100k_base: gpt-4, gpt-4-turbo, gpt-3.5-turbo (exact);
 * - any other model (Llama, Qwen, Mistral, ... behind vLLM or Ollama, or an
 *   unknown name): counted with o200k_base as a proxy and labelled
 *   approximate — those models ship their own tokenizers, which split text
 *   differently.
 *
 * A chat request costs its messages' tokens (role and content) plus OpenAI's
 * chat framing: 3 tokens per message and 3 that prime the reply (the rule of OpenAI's
 * cookbook "How to count tokens with tiktoken" for these families).
 * js-tiktoken is loaded on first use (a few MB of ranks), never at import.
 */
import type { ChatMessage } from "./types";

/** Framing tokens per chat message. */
export const TOKENS_PER_MESSAGE = 3;
/** Tokens that prime the assistant's reply. */
export const REPLY_PRIMING_TOKENS = 3;

export type EncodingName = "o200k_base" | "cl100k_base";

/** Which encoding counts a model's tokens, and whether the count is exact for that model. */
export interface TokenizerChoice {
  encoding: EncodingName;
  exact: boolean;
  /** e.g. "o200k_base (exact for gpt-4o-mini)" or "approximate: o200k_base as a proxy for llama3.1:8b". */
  label: string;
}

/**
 * The encoding for a model name (dated snapshots and "openai/" prefixes included).
 *
 * @example
 * tokenizerFor("gpt-4o-mini-2024-07-18"); // { encoding: "o200k_base", exact: true, ... }
 * tokenizerFor("llama3.1:8b").exact;      // false
 */
export function tokenizerFor(model: string): TokenizerChoice {
  const name = model.toLowerCase().replace(/^openai\//, "");
  if (/^(gpt-4o|chatgpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|o1|o3|o4)(\b|[-.:])/.test(name)) {
    return { encoding: "o200k_base", exact: true, label: `o200k_base (exact for ${model})` };
  }
  if (/^(gpt-4|gpt-3\.5)(\b|[-.:])/.test(name)) return { encoding: "cl100k_base", exact: true, label: `cl100k_base (exact for ${model})` };
  return { encoding: "o200k_base", exact: false, label: `approximate: o200k_base as a proxy for ${model}, whose own tokenizer differs` };
}

/** Counts tokens of text and of chat requests with one encoding. */
export interface TokenCounter extends TokenizerChoice {
  count(text: string): number;
  /** Tokens of a chat request: every message's role and content plus the chat framing. */
  countMessages(messages: readonly ChatMessage[]): number;
}

interface Encoder {
  encode(text: string): number[];
}

const encoders = new Map<EncodingName, Promise<Encoder>>();

async function loadEncoder(name: EncodingName): Promise<Encoder> {
  let pending = encoders.get(name);
  if (!pending) {
    pending = (async () => {
      const { Tiktoken } = await import("js-tiktoken/lite");
      // A computed specifier: older module resolution (tslab's TypeScript) does not follow the package's exports map for subpaths.
      const ranksModule = `js-tiktoken/ranks/${name}`;
      const ranks = ((await import(ranksModule)) as { default: ConstructorParameters<typeof Tiktoken>[0] }).default;
      return new Tiktoken(ranks);
    })();
    encoders.set(name, pending);
  }
  return pending;
}

/**
 * A token counter for a model (loads the encoding once per process).
 *
 * @example
 * const counter = await tokenCounter("gpt-4o");
 * counter.count("hello world"); // 2
 * counter.countMessages([{ role: "user", content: "hello world" }]); // 3 + 1 + 2 + 3 = 9
 */
export async function tokenCounter(model: string): Promise<TokenCounter> {
  const choice = tokenizerFor(model);
  const encoder = await loadEncoder(choice.encoding);
  // Long system prompts repeat across calls: remember recent counts by content.
  const memo = new Map<string, number>();
  const count = (text: string): number => {
    const hit = memo.get(text);
    if (hit !== undefined) return hit;
    const n = encoder.encode(text).length;
    if (memo.size > 4096) memo.clear();
    memo.set(text, n);
    return n;
  };
  return {
    ...choice,
    count,
    countMessages: (messages) => messages.reduce((sum, m) => sum + TOKENS_PER_MESSAGE + count(m.role) + count(m.content), REPLY_PRIMING_TOKENS),
  };
}
