/**
 * Public API of the LLM layer: typed tasks, models (offline, OpenAI-compatible,
 * record/replay cache), embedders, and the helpers they share.
 */
export type { CallOptions, ChatMessage, Model, ModelResult, OfflineContext, Task, Usage, UsageTotals } from "./types";
export { emptyUsage } from "./types";
export { LlmCacheError, LlmConfigError, LlmError, LlmOutputError, LlmTransportError, OfflinePolicyError, ReplayMissError } from "./errors";
export { checkOutput, defineTask, formatZodError, schemaInstruction, shownSchema, taskJsonSchema, withSchemaInstruction } from "./task";
export type { OutputCheck } from "./task";
export { extractJson, sha256Hex, stableHash, stableStringify } from "./json";
export type { JsonExtraction } from "./json";
export { DEFAULT_TEMPERATURE, resolveCallParams } from "./params";
export type { CallParams, ParamDefaults } from "./params";
export { OfflineModel } from "./offline";
export { longerMaxTokens, MIN_LONGER_MAX_TOKENS, repairMessage, runTask } from "./run-task";
export type { TextCompletion, TextProvider, TextRequest } from "./run-task";
export { MockModel } from "./mock";
export type { MockCall, MockFallback, MockHandler, MockModelOptions } from "./mock";
export { promptHash, RecordingModel, sessionOfInput } from "./recording";
export { AnonymizingModel, maskedTask, type MessageMask } from "./anonymizing";
export type { RecordedPrompt, RecordingOptions } from "./recording";
export type { OfflineModelConfig } from "./offline";
export { KNOWN_EMBEDDING_DIMENSIONS, notFoundHint, OpenAIEmbedder, OpenAIModel } from "./openai-client";
export { readLeniently } from "./lenient";
export type { JsonSchema, LenientReading } from "./lenient";
export { DEFAULT_RESPONSE_FORMAT, parseResponseFormat, RESPONSE_FORMATS, responseFormatField } from "./response-format";
export type { ResponseFormat } from "./response-format";
export type { OpenAIClientConfig, OpenAIEmbedderConfig, OpenAIModelConfig } from "./openai-client";
export {
  CachedEmbedder,
  CachedModel,
  embeddingCacheKey,
  mergeIntoCache,
  modelCacheKey,
  recordedModels,
  replayOnlyEmbedder,
  replayOnlyModel,
  writeCacheSnapshot,
} from "./cache";
export type { CacheMode, CacheOptions, EmbeddingCacheEntry, ModelCacheEntry, ModelCacheKeyParts } from "./cache";
export { mergeCacheFolders, type CacheConflict, type CacheMergeResult } from "./cache-merge";
export { createEmbedder, createModel, DEFAULT_EMBEDDING_MODEL, DEFAULT_OPENAI_MODEL, EMBEDDER_KINDS, embedderKind } from "./factory";
export type { CreateEmbedderOptions, CreateModelOptions, EmbedderKind, LlmMode } from "./factory";
export { Semaphore, limitConcurrency, mapConcurrent } from "./limit";
export { BudgetModel, BudgetStopError } from "./budget";
export type { BudgetLimits, BudgetStop } from "./budget";
export { DryRunModel } from "./dry-run";
export type { DryRunTaskStats } from "./dry-run";
export { estimateOutputTokens, FREE_TEXT_TOKENS, WORST_CASE_FACTOR, worstCaseOutputTokens } from "./output-estimate";
export { REPLY_PRIMING_TOKENS, TOKENS_PER_MESSAGE, tokenCounter, tokenizerFor } from "./tokenizer";
export type { EncodingName, TokenCounter, TokenizerChoice } from "./tokenizer";
export { DEFAULT_PRICES, estimateCostUsd, priceFor } from "./pricing";
export type { ModelPrice, PriceTable } from "./pricing";
export { redactSecrets } from "./redact";
export { AttemptTimeoutError, backoffDelayMs, defaultSleep, formatSeconds, genericFailure, retryAfterMs, withRetries } from "./retry";
export type { RetryPolicy, Sleep } from "./retry";
export { decodeBase64Float32, encodeBase64Float32, l2Normalize } from "./vectors";
export { CLASSIFIER_FORMATS, HttpTextClassifier, labelLists, positiveProbability } from "./text-classifier";
export type { ClassifierFormat, TextClassifier, TextClassifierConfig } from "./text-classifier";
export { compileTemplate, renderTemplate, TemplateError } from "./prompts/template";
export type {
  CompiledTemplate,
  PlaceholderDoc,
  PlaceholderKind,
  PlaceholderSpec,
  TemplateItem,
  TemplateMessage,
  TemplateScalar,
  TemplateValues,
} from "./prompts/template";
export { loadPromptFolder, promptTemplate, renderPrompt, resolvePromptFolder } from "./prompts/prompt-folder";
export type { PromptCatalog, PromptFolder } from "./prompts/prompt-folder";
