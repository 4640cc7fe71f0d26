import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { DefaultEngine } from '../../src/core/engines';
import { MemoryLibrary } from '../../src/core/engine/memory-library';
import type { CitationSentence, CitationStyle, PaperRecord } from '../../src/core/types';

/** The sample library's entries (resources/sample-library/library.bib) as records, abstracts written by us. */
export function sampleRecords(): PaperRecord[] {
  return JSON.parse(readFileSync(path.join(__dirname, '../fixtures/engine/sample-records.json'), 'utf8')) as PaperRecord[];
}

export function sampleLibrary(): MemoryLibrary {
  return new MemoryLibrary(sampleRecords());
}

export const OWN_ABSTRACT =
  'Unpaired image-to-image translation models often change the content they should keep. We propose semantic anchors, a constraint that keeps the embedding of a pretrained recognition network fixed between an image and its translation. On face-to-cartoon and digit translation, our method preserves identity better than cycle-consistent baselines.';

/** The default engine's citation sentence for a record alone in its library. */
export function citeAlone(record: PaperRecord, style: CitationStyle = 'citation'): Promise<CitationSentence> {
  return new DefaultEngine().citationSentence({ key: record.key, style }, new MemoryLibrary([record]));
}
