/**
 * A model that answers through the real OpenAI client and the loopback fake
 * server: for each call it computes the offline agent's answer, scripts the
 * server to return it, and sends the request. Calls are serialised so that
 * the server's FIFO queue pairs each request with its own answer. This lets a
 * whole experiment run over real HTTP with schema-valid answers (tests of
 * record/replay, and the end-to-end benchmark).
 */
import type { OfflineModel } from "../../src/llm/offline";
import type { OpenAIModel } from "../../src/llm/openai-client";
import type { CallOptions, Model, ModelResult, Task, UsageTotals } from "../../src/llm/types";
import { okJson, type FakeOpenAI, type UsageSpec } from "./fake-openai";

export class LoopbackModel implements Model {
  readonly id: string;
  readonly isOffline = false;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly offline: OfflineModel,
    private readonly remote: OpenAIModel,
    private readonly server: FakeOpenAI,
    /** The usage the server reports with each answer (default: the fake server's). */
    private readonly usageSpec?: UsageSpec,
  ) {
    this.id = remote.id;
  }

  resolveParams<I, O>(task: Task<I, O>, options: CallOptions = {}): { temperature: number; seed: number | null } {
    return this.remote.resolveParams(task, options);
  }

  async run<I, O>(task: Task<I, O>, input: I, options: CallOptions = {}): Promise<ModelResult<O>> {
    const previous = this.chain;
    let release!: () => void;
    this.chain = new Promise((resolve) => (release = resolve));
    await previous;
    try {
      const answer = await this.offline.run(task, input, options);
      this.server.enqueueChat(okJson(answer.output, this.usageSpec ? { usage: this.usageSpec } : {}));
      return await this.remote.run(task, input, options);
    } finally {
      release();
    }
  }

  usage(): UsageTotals {
    return this.remote.usage();
  }
}
