// BibTeX for the library index: a fast tokenizer with lazy, per-field LaTeX→Unicode (see parser.ts for why).
export { parseBibtex } from './parser';
export type { BibError, BibDuplicate, BibParseResult } from './parser';
export { BibEntry, splitKeyList } from './entry';
export { decodeBibBuffer, decodeTextBuffer } from './decode';
export { latexToUnicode } from './latex';
export { parseNames, parseName, splitNameList } from './names';
export type { ParsedNames } from './names';
