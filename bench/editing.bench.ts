// Everyday citation editing on a generated library (default 50,000 entries with abstracts, the scale bench's): what a
// keystroke, a Go to Definition, a rename and a diagnostics pass cost in the library service, measured on the core
// functions the extension calls (VS Code's own work — copying items to the window, drawing — is not in it).
//   npm run bench -- editing        or   node --import tsx bench/editing.bench.ts [DATA_DIR] [--entries N]
// Goals (issue 51): completion p50 ≤ 10 ms, p95 ≤ 30 ms, context-ranked included; definition / references ≤ 20 ms;
// rename planning over 200 .tex files ≤ 500 ms; diagnostics of a 2,000-cite document ≤ 50 ms.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseCitations } from '../src/core/cites';
import { citeCompletionContext, completionEntries, completionFilterText, orderCandidates, rankingTerms, sentenceAround } from '../src/core/cites/completion';
import { planKeyRename, type RenameSource } from '../src/core/cites/rename';
import { indexLibrary } from '../src/core/library/indexer';
import { openLibraryStore } from '../src/core/library/store';
import { writeScaleLibrary } from './scale-library';
import { percentile } from './stats';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}

const entries = Number(arg('entries', '50000'));
/** The extension's cut for large libraries (src/extension/citeCompletion.ts LIST_CAP). */
const LIST_CAP = 2000;

function times(n: number, fn: (i: number) => void): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    fn(i);
    out.push(performance.now() - t0);
  }
  return out;
}

function report(label: string, ms: number[], goal: string): void {
  console.log(`  ${label.padEnd(44)} p50 ${percentile(ms, 50).toFixed(2)} ms, p95 ${percentile(ms, 95).toFixed(2)} ms (goal ${goal})`);
}

async function main(): Promise<void> {
  // The scale bench's library; its PDFs are left out here (completion ranks by title and abstract as well).
  const lib = writeScaleLibrary(path.join(os.tmpdir(), `citescribe-scale-${entries}-2000`), entries, 2000);
  const bibPaths = fs.readdirSync(lib.bibDir).map((f) => path.join(lib.bibDir, f)).sort();
  const dbDir = path.join(os.tmpdir(), `citescribe-editing-db-${entries}`);
  fs.mkdirSync(dbDir, { recursive: true });
  const store = openLibraryStore(path.join(dbDir, 'library.db'), 'owned');
  const t0 = performance.now();
  await indexLibrary({ store, bibPaths, pdfPaths: [] });
  console.log(`library: ${entries} entries in ${bibPaths.length} .bib files (index or re-index ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
  const atOpen = process.memoryUsage();

  // Once per library change: the items' fixed parts (label, description, filter text).
  const t1 = performance.now();
  // As the extension keeps them: what the list filters and sorts by; the rest is read when an item is shown.
  const parts = completionEntries(
    store.listEntries().map((e) => ({ key: e.key, aliases: e.aliases ?? [], description: `${e.authors[0]?.family ?? ''}, ${e.year ?? ''}, ${e.title.slice(0, 60)}`, filterText: completionFilterText({ ...e }) })),
  );
  (globalThis as { gc?: () => void }).gc?.();
  const partsMs = performance.now() - t1;
  const withParts = process.memoryUsage();
  console.log(`  completion parts after a library change: ${partsMs.toFixed(0)} ms once (${parts.length} entries)`);
  console.log(`  memory: rss ${mb(atOpen.rss)} with the database open (after indexing in this process), ${mb(withParts.rss)} with the completion parts; heap ${mb(atOpen.heapUsed)} → ${mb(withParts.heapUsed)}`);

  // A keystroke: where the cursor is, what the sentence is about (BM25 over title and abstract), the ordered cut list,
  // and one plain object per item as the extension builds a CompletionItem.
  const vocabulary = [...new Set(Array.from({ length: 500 }, (_, i) => store.getPaper(`w${i}`)?.title.toLowerCase().split(' ') ?? []).flat())];
  const sentences = Array.from({ length: 200 }, (_, i) => `We follow ${vocabulary.slice(i % 300, (i % 300) + 6).join(' ')} as earlier work did \\citep{w1, `);
  const completion = (typed: string) =>
    times(sentences.length, (i) => {
      const text = sentences[i] + typed;
      const offset = text.length;
      const context = citeCompletionContext(text, offset, 'latex')!;
      const ranked = store.rankByWords(rankingTerms(sentenceAround(text, offset)), 20);
      const { candidates } = orderCandidates(parts, { ranked, recent: ['w7', 'w99'], taken: new Set(context.keysInCommand), typed: context.typed, aliasItems: false, cap: LIST_CAP });
      const items = candidates.map((c) => ({ label: c.insert, filterText: parts[c.index].filterText, sortText: c.sortText, insertText: c.insert }));
      if (!items.length) throw new Error('no completion items');
    });
  report('completion, nothing typed yet (ranked)', completion(''), 'p50 ≤ 10, p95 ≤ 30');
  report('completion, "Kn" typed (ranked)', completion('Kn'), 'p50 ≤ 10, p95 ≤ 30');
  report('context ranking alone (BM25, top 20)', times(sentences.length, (i) => store.rankByWords(rankingTerms(sentenceAround(sentences[i], sentences[i].length)), 20)), '—');

  // 200 .tex files of a paper project, 40 citations each; every tenth cites w123.
  const tex = Array.from({ length: 200 }, (_, f) =>
    Array.from({ length: 40 }, (_, c) => `Sentence ${c} of chapter ${f} \\citep{w${(f * 131 + c * 17) % entries}${c === 0 && f % 10 === 0 ? ', w123' : ''}}.`).join('\n'),
  );
  report('definition (entry locations of a key)', times(200, (i) => store.entryLocations(`w${(i * 997) % entries}`)), '≤ 20');
  report('references over 200 .tex files', times(20, () => {
    let n = 0;
    for (const text of tex) for (const cite of parseCitations(text, 'latex')) for (const k of cite.keys) if (k.key === 'w123') n++;
    if (n !== 20) throw new Error(`found ${n} references`);
  }), '≤ 20');

  const bibTexts: RenameSource[] = bibPaths.map((p) => ({ path: p, kind: 'bib', text: fs.readFileSync(p, 'utf8') }));
  const texSources: RenameSource[] = tex.map((text, i) => ({ path: `/paper/ch${i}.tex`, kind: 'latex', text }));
  report('rename plan: 200 .tex files', times(20, () => planKeyRename(texSources, 'w123', 'renamed123')), '≤ 500');
  report(`rename plan: 200 .tex + ${bibTexts.length} .bib (${entries} entries)`, times(5, () => {
    const plan = planKeyRename([...bibTexts, ...texSources], 'w123', 'renamed123');
    if (!plan.ok || plan.edits.length !== 21) throw new Error(`plan: ${JSON.stringify(plan).slice(0, 200)}`);
  }), '≤ 500');

  // Undefined keys of a 2,000-cite document: parse, then one indexed lookup per key (as UndefinedKeyDiagnostics does).
  const long = Array.from({ length: 2000 }, (_, i) => `Claim ${i} \\cite{${i % 50 === 0 ? 'missing' : 'w'}${(i * 7919) % entries}}.`).join('\n');
  report('undefined-key diagnostics, 2,000 cites', times(20, () => {
    let missing = 0;
    for (const cite of parseCitations(long, 'latex')) for (const k of cite.keys) if (!store.hasKey(k.key)) missing++;
    if (missing !== 40) throw new Error(`${missing} missing`);
  }), '≤ 50');

  store.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
