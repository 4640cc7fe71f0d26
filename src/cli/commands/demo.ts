// `citescribe demo`: the main job end to end on the bundled sample library — index the .bib, draft the related-work
// section for the keys the sample paper cites (contrasting them with its abstract), and score the draft against a
// reference section written for the sample.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { defineCommand } from '../command';
import { openLibraryStore } from '../../core/library/store';
import { indexLibrary } from '../../core/library/indexer';
import { citedKeys } from '../../core/cites';
import { createEngine } from '../../core/engines';
import { ownAbstractOf } from '../../core/text/abstract';
import { rougeScores, citationCoverage, blockMatch, stripCitationMarkers } from '../../core/metrics';

const pct = (x: number) => `${(x * 100).toFixed(1)}`;

export const demoCommand = defineCommand(
  {
    name: 'demo',
    summary: 'draft and score a related-work section from the bundled sample library',
    synopsis: ['citescribe demo [--words N] [--subsections] [--db DB] [--json]'],
    about: `Indexes resources/sample-library/library.bib, drafts the related work for every key paper.tex cites (with the
default engine), prints the draft, and scores it against resources/sample-library/reference-related-work.tex:
ROUGE-1/2/L/Lsum (no stemming, citation markers removed), citation coverage and BlockMatch.`,
    options: {
      words: { type: 'string', number: { min: 40 }, default: 220, description: 'target length in words' },
      subsections: { type: 'boolean', description: 'group the draft into named subsections' },
      db: { type: 'string', valueName: 'DB', description: 'keep the index in DB (when not given: a temporary file, removed afterwards)' },
      json: { type: 'boolean', description: 'print one JSON object instead of text' },
    },
  },
  async ({ values }, io) => {
    const sample = path.join(io.packageRoot, 'resources', 'sample-library');
    const paperPath = path.join(sample, 'paper.tex');
    if (!fs.existsSync(paperPath)) throw new Error(`the sample library is missing: ${paperPath}`);
    const words = values.words;

    const tmp = values.db ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-demo-'));
    const dbPath = values.db ?? path.join(tmp!, 'library.db');
    const store = openLibraryStore(dbPath, 'index');
    try {
      const index = await indexLibrary({ store, bibPaths: [path.join(sample, 'library.bib')], pdfPaths: [] });
      const paper = fs.readFileSync(paperPath, 'utf8');
      const keys = citedKeys(paper, 'latex');
      const ownAbstract = ownAbstractOf(paper, 'latex');
      const engine = await createEngine('default', { packageRoot: io.packageRoot });
      const started = performance.now();
      const draft = await engine.draft({ keys, ownAbstract, targetWords: words, subsections: !!values.subsections, format: 'latex', syntax: 'cite' }, store);
      const draftMs = performance.now() - started;

      const reference = fs.readFileSync(path.join(sample, 'reference-related-work.tex'), 'utf8');
      const rouge = rougeScores(stripCitationMarkers(draft.text), [stripCitationMarkers(reference)]);
      const coverage = citationCoverage(draft.text, reference, { language: 'latex', library: store, requestedKeys: keys });
      const blocks = blockMatch(draft.text, reference, { language: 'latex' });
      const draftWords = stripCitationMarkers(draft.text).split(/\s+/).filter(Boolean).length;

      if (values.json) {
        io.out(
          JSON.stringify({
            index: { entries: index.entries, bibFiles: index.bibFiles, errors: index.errors },
            keys,
            draft: draft.text,
            words: draftWords,
            draftMs,
            unknownKeys: draft.unknownKeys,
            listedOnly: draft.listedOnly ?? [],
            rouge,
            coverage: { set: coverage.set, multiset: coverage.multiset, missing: coverage.missingKeys, unknown: coverage.unknownKeys, forgotten: coverage.forgottenKeys },
            blockMatch: { precision: blocks.precision, recall: blocks.recall, f1: blocks.f1, pairs: blocks.pairs },
          }),
        );
        return 0;
      }
      io.out(`CiteScribe demo — sample library: ${index.entries} entries indexed from ${path.relative(process.cwd(), sample) || sample}`);
      io.out(`The paper cites ${keys.length} keys; drafting ~${words} words with the ${engine.id} engine.\n`);
      io.out('─'.repeat(100));
      io.out(draft.text.trim());
      io.out('─'.repeat(100));
      io.out(`\n${draftWords} words, ${draft.paragraphs.length} paragraph(s), drafted in ${draftMs.toFixed(1)} ms.`);
      if (draft.unknownKeys.length) io.out(`Not in the library (not written): ${draft.unknownKeys.join(', ')}`);
      if (draft.listedOnly?.length) io.out(`Only listed in a grouped citation, no sentence of their own at this length: ${draft.listedOnly.join(', ')}`);
      io.out('\nScores against reference-related-work.tex (ROUGE without stemming, citation markers removed):');
      io.out('            P      R      F');
      for (const [name, s] of Object.entries(rouge)) io.out(`  ${name.padEnd(9)} ${pct(s.p).padStart(5)}  ${pct(s.r).padStart(5)}  ${pct(s.f).padStart(5)}`);
      io.out(`  coverage  ${pct(coverage.set.precision).padStart(5)}  ${pct(coverage.set.recall).padStart(5)}  ${pct(coverage.set.f1).padStart(5)}   (cited keys vs. the reference's)`);
      io.out(`  blocks    ${pct(blocks.precision).padStart(5)}  ${pct(blocks.recall).padStart(5)}  ${pct(blocks.f1).padStart(5)}   (BlockMatch, ROUGE-2 F1 per paragraph pair)`);
      io.out(`\nRequested keys cited: ${keys.length - coverage.forgottenKeys.length}/${keys.length}; keys outside the library written: ${coverage.unknownKeys.length}.`);
      return 0;
    } finally {
      store.close();
      if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    }
  },
);
