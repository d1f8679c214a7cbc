/**
 * Text kernels: tokenizer and sentence splitter, VADER (a faithful port of
 * vaderSentiment 3.3.2), the Embedder interface with the offline hashing and
 * TF-IDF embedders, all-MiniLM-L6-v2 on onnxruntime (its WordPiece tokenizer and
 * mean pooling), and our own LDA.
 *
 * @example
 * import { polarityScores, HashingEmbedder } from "../text/index";
 */

export { VADER_EMOJI_TEXT, VADER_LEXICON_TEXT } from "./data/vaderLexicon";
export { type Embedder } from "./embedder";
export { cosine, HashingEmbedder, l2Normalize, sparseDot, TfidfEmbedder, TfidfIndex, type HashingEmbedderOptions } from "./embedding";
export {
  MINILM_DIMENSION,
  MINILM_MAX_LENGTH,
  MiniLmEmbedder,
  miniLmAvailability,
  miniLmDir,
  type MiniLmAvailability,
  type MiniLmEmbedderOptions,
} from "./minilm";
export { meanPoolNormalize } from "./sentence-pooling";
export { bertNormalize, bertPreTokenize, WordPieceTokenizer, type BertNormalizerOptions, type WordPieceEncoding, type WordPieceOptions } from "./wordpiece";
export { fitLda, topicCoherence, uniqueWordsPerTopic, type LdaModel } from "./lda";
export { contentTokens, splitPassages, splitSentences, STOPWORDS, tokenize } from "./tokenize";
export { compoundScore, normalizeScore, parseLexicon, polarityScores, pyIsUpper, pyRound, vaderAnalyzer } from "./vader";
export { companyAliases, Masker, pseudonymFor, type MaskedEntity, type MaskerOptions } from "./masker";
