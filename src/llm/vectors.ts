/** Small vector helpers for embeddings returned by endpoints. */
import { l2Normalize as normalizeInPlace } from "../text/index";

/**
 * Scale a vector to unit Euclidean length: v / ||v||_2, as a new Float32Array
 * (the shared in-place `l2Normalize` of src/text/embedding on a float32 copy).
 * The zero vector is returned unchanged (as zeros) since it has no direction.
 *
 * @example
 * l2Normalize([3, 4]); // Float32Array [0.6, 0.8]
 */
export function l2Normalize(values: ArrayLike<number>): Float32Array {
  return normalizeInPlace(Float32Array.from(values));
}

/**
 * Decode the OpenAI base64 embedding encoding: little-endian IEEE-754 float32s.
 *
 * @example
 * decodeBase64Float32(encodeBase64Float32([1, 2])); // Float32Array [1, 2]
 */
export function decodeBase64Float32(base64: string): Float32Array {
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length % 4 !== 0) throw new Error(`base64 embedding has ${bytes.length} bytes, not a multiple of 4`);
  const out = new Float32Array(bytes.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = bytes.readFloatLE(i * 4);
  return out;
}

/**
 * Encode floats as base64 little-endian float32 (inverse of decodeBase64Float32).
 *
 * @example
 * encodeBase64Float32([1]); // "AACAPw=="
 */
export function encodeBase64Float32(values: ArrayLike<number>): string {
  const bytes = Buffer.alloc(values.length * 4);
  for (let i = 0; i < values.length; i++) bytes.writeFloatLE(values[i]!, i * 4);
  return bytes.toString("base64");
}
