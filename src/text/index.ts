/**
 * Text kernels: tokenizer and sentence splitter, VADER (a faithful port of
 * vaderSentiment 3.3.2), the Embedder interface with the offline hashing and
 * TF-IDF embedders, and our own LDA.
 *
 * @example
 * import { polarityScores, HashingEmbedder } from "../text/index";
 */

export { VADER_EMOJI_TEXT, VADER_LEXICON_TEXT } from "./data/vaderLexicon";
export { type Embedder } from "./embedder";
export { cosine, HashingEmbedder, l2Normalize, sparseDot, TfidfEmbedder, TfidfIndex, type HashingEmbedderOptions } from "./embedding";
export { fitLda, topicCoherence, uniqueWordsPerTopic, type LdaModel } from "./lda";
export { contentTokens, splitPassages, splitSentences, STOPWORDS, tokenize } from "./tokenize";
export { compoundScore, normalizeScore, parseLexicon, polarityScores, pyIsUpper, pyRound, vaderAnalyzer } from "./vader";
export { companyAliases, Masker, pseudonymFor, type MaskedEntity, type MaskerOptions } from "./masker";
