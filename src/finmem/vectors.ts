/**
 * Embedding calls of the FinMem loop, checked to return one vector per text
 * (an endpoint that drops inputs would otherwise shift every later event).
 */
import type { Embedder } from "../text/index";

/**
 * The embedder's vectors for `texts`, checked to be one per text.
 *
 * @example
 * await embedEach(new HashingEmbedder(), ["a", "b"], "events"); // two vectors
 */
export async function embedEach(embedder: Embedder, texts: readonly string[], what: string): Promise<Float32Array[]> {
  const vectors = await embedder.embed(texts);
  if (vectors.length !== texts.length)
    throw new Error(`finmem: embedder ${embedder.id} returned ${vectors.length} of the ${texts.length} vectors asked for (${what})`);
  return vectors;
}

/**
 * The embedder's vector for one text.
 *
 * @example
 * await embedOne(new HashingEmbedder(), profile.text, "profile");
 */
export async function embedOne(embedder: Embedder, text: string, what: string): Promise<Float32Array> {
  const [vector] = await embedEach(embedder, [text], what);
  if (vector === undefined) throw new Error(`finmem: embedder ${embedder.id} returned no vector for the ${what}`);
  return vector;
}
