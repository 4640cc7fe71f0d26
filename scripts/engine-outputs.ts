// Every output of the default engine that a change to its structure must leave byte-identical, written to one folder:
// the evaluation predictions (SciTLDR dev/train in both styles, ScisummNet dev, CiteBench dev), a citation sentence for
// every Beebe and Better BibTeX tracker entry that has an abstract, 25 Beebe drafts of 8 consecutive such keys, the
// sample library's demo (with and without subsections) and the test workspace's library. Run it before and after a
// change and compare:
//   npx tsx scripts/engine-outputs.ts /tmp/before [../shared/data]   (then, after the change, /tmp/after)
//   cmp -s <(cd /tmp/before && cat $(ls)) <(cd /tmp/after && cat $(ls)) && echo identical   — or: diff -r /tmp/before /tmp/after
// Parts whose data is absent are skipped with a message. Timings are not written (they differ run to run).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../src/cli/main';
import { openLibraryStore, type LibraryStore } from '../src/core/library/store';
import { indexLibrary } from '../src/core/library/indexer';
import { walkFiles } from '../src/core/library/discovery';
import { createEngine } from '../src/core/engines';
import { citedKeys } from '../src/core/cites';
import { ownAbstractOf } from '../src/core/text/abstract';
import type { Engine } from '../src/core/types';

const root = path.resolve(__dirname, '..');

async function cli(args: string[]): Promise<string> {
  const lines: string[] = [];
  const code = await main(args, { out: (l) => lines.push(l), err: () => undefined, packageRoot: root });
  if (code !== 0) throw new Error(`citescribe ${args.join(' ')} exited ${code}`);
  return lines.filter((l) => !/\(\d+ ms\)|\bms\b/.test(l)).join('\n') + '\n';
}

async function library(bibPaths: string[], tmp: string, name: string): Promise<LibraryStore> {
  const store = openLibraryStore(path.join(tmp, `${name}.db`), 'index');
  await indexLibrary({ store, bibPaths, pdfPaths: [] });
  return store;
}

function withAbstract(store: LibraryStore): string[] {
  return store.allKeys().filter((key) => (store.getPaper(key)?.abstract ?? '').trim().length > 0).sort();
}

async function citations(engine: Engine, store: LibraryStore, keys: readonly string[]): Promise<string> {
  const lines: string[] = [];
  for (const key of keys) {
    const s = await engine.citationSentence({ key, style: 'citation', syntax: 'cite' }, store);
    lines.push(`${key}\t${s.text}`);
  }
  return lines.join('\n') + '\n';
}

async function drafts(engine: Engine, store: LibraryStore, keys: readonly string[], count: number, size: number): Promise<string> {
  const out: string[] = [];
  for (let i = 0; i < count && (i + 1) * size <= keys.length; i++) {
    const group = keys.slice(i * size, (i + 1) * size);
    const draft = await engine.draft({ keys: group, targetWords: 220, subsections: true, format: 'latex', syntax: 'cite' }, store);
    out.push(`% draft ${i + 1}: ${group.join(', ')}\n${draft.text}\n`);
  }
  return out.join('\n');
}

async function run(): Promise<void> {
  const outDir = process.argv[2];
  const shared = process.argv[3] ?? path.join(root, '..', 'shared', 'data');
  if (!outDir) throw new Error('usage: engine-outputs.ts OUT_DIR [SHARED_DATA]');
  fs.mkdirSync(outDir, { recursive: true });
  const write = (name: string, text: string) => fs.writeFileSync(path.join(outDir, name), text);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-outputs-'));
  const engine = await createEngine('default', { packageRoot: root });
  try {
    const sentences = path.join(shared, 'citation-sentences');
    const evals: Array<[string, string[]]> = [
      ['scitldr-dev-tldr', ['citation', '--data', path.join(sentences, 'scitldr-dev.jsonl'), '--style', 'tldr']],
      ['scitldr-dev-citation', ['citation', '--data', path.join(sentences, 'scitldr-dev.jsonl'), '--style', 'citation']],
      ['scitldr-train-tldr', ['citation', '--data', path.join(sentences, 'scitldr-train.jsonl'), '--style', 'tldr']],
      ['scitldr-train-citation', ['citation', '--data', path.join(sentences, 'scitldr-train.jsonl'), '--style', 'citation']],
      ['scisummnet-dev', ['citation', '--data', path.join(sentences, 'scisummnet-dev.jsonl')]],
      ['citebench-dev', ['related-work', '--data', path.join(shared, 'related-work', 'citebench-dev.json')]],
    ];
    for (const [name, args] of evals) {
      const data = args[args.indexOf('--data') + 1];
      if (!fs.existsSync(data)) {
        console.log(`${name}: skipped (no ${data})`);
        continue;
      }
      const pred = path.join(outDir, `${name}.jsonl`);
      write(`${name}.scores.txt`, await cli(['eval', ...args, '--out', pred]));
      console.log(`${name}: written`);
    }

    const beebeDir = path.join(shared, 'bib', 'large');
    if (fs.existsSync(beebeDir)) {
      const store = await library(walkFiles(beebeDir, ['.bib']), tmp, 'beebe');
      const keys = withAbstract(store);
      write('beebe-citations.tsv', await citations(engine, store, keys));
      write('beebe-drafts.tex', await drafts(engine, store, keys, 25, 8));
      store.close();
      console.log(`beebe: ${keys.length} citations, 25 drafts`);
    } else console.log(`beebe: skipped (no ${beebeDir})`);

    const trackerDir = path.join(shared, 'bib', 'tricky');
    if (fs.existsSync(trackerDir)) {
      const store = await library(walkFiles(trackerDir, ['.bib']), tmp, 'tracker');
      const keys = withAbstract(store);
      write('tracker-citations.tsv', await citations(engine, store, keys));
      store.close();
      console.log(`tracker: ${keys.length} citations`);
    } else console.log(`tracker: skipped (no ${trackerDir})`);

    // Our own made-up libraries: the demo's and the test workspace's.
    write('demo.txt', await cli(['demo']));
    write('demo-subsections.txt', await cli(['demo', '--subsections']));
    const workspace = path.join(root, 'test', 'fixtures', 'workspace');
    const store = await library([path.join(workspace, 'refs.bib')], tmp, 'workspace');
    for (const tex of ['paper.tex', 'draft.tex']) {
      const paper = fs.readFileSync(path.join(workspace, tex), 'utf8');
      const keys = citedKeys(paper, 'latex').filter((k) => store.hasKey(k));
      const draft = await engine.draft({ keys, ownAbstract: ownAbstractOf(paper, 'latex'), targetWords: 220, format: 'latex', syntax: 'cite' }, store);
      write(`workspace-${tex}.draft.tex`, draft.text + '\n');
    }
    write('workspace-citations.tsv', await citations(engine, store, store.allKeys().sort()));
    store.close();
    console.log('demo and workspace: written');
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

run().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
