/**
 * Text embeddings: the one narrow interface shared by the offline embedders of
 * src/text (hashing, TF-IDF) and the endpoint embedders of src/llm.
 */
export interface Embedder {
  readonly id: string;
  readonly dimension: number;
  /** One L2-normalised vector per text. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}
