// PDF extraction: full text per page, sections with page-tagged sentences, and title/author/DOI/arXiv/year guesses.
// One file: extractPdf (in this thread). Many files: extractPdfs (worker pool, one worker per core).
export type { PdfExtraction, PdfFailure, PdfMetadataGuess } from './types';
export { extractPdf, hashFile, DEFAULT_TIMEOUT_MS, DEFAULT_MAX_BYTES, type ExtractOptions } from './extract';
export { extractPdfs, defaultConcurrency, type ExtractManyOptions } from './pool';
export { normalizeDoi, findArxivId } from './metadata';
