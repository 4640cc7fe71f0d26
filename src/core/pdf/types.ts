// What PDF extraction hands to the indexer. One record per PDF file, whether or not text could be read.
import type { PaperSection } from '../types';

/** Why a PDF yielded no text. Recorded in the index and shown to the user; never stops a run. */
export type PdfFailure = 'empty' | 'encrypted' | 'no-text' | 'truncated' | 'invalid' | 'too-large' | 'timeout';

export interface PdfMetadataGuess {
  title?: string;
  authors?: string[];
  year?: number;
  doi?: string;
  arxivId?: string;
  /** Where the title guess came from, for the link's provenance. */
  titleSource?: 'pdf-info' | 'first-page';
}

export interface PdfExtraction {
  path: string;
  /** sha256 of the file's bytes (hex). */
  contentHash: string;
  size: number;
  ok: boolean;
  failure?: PdfFailure;
  /** Human-readable reason, shown in diagnostics / CLI JSON when ok is false. */
  message?: string;
  pageCount: number;
  /** Plain text per page (index 0 = page 1). Empty when ok is false. */
  pages: string[];
  sections: PaperSection[];
  meta: PdfMetadataGuess;
}
