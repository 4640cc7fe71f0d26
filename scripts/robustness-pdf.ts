// Robustness and accuracy check of PDF extraction on real files (default ../shared/data/pdfs):
//  - every PDF is extracted through the worker pool; nothing may crash; ok/failure counts with reasons;
//  - JabRef's encrypted and image-only PDFs must be reported as such, every other PDF must yield text;
//  - title-guess accuracy and PDF↔entry link accuracy against the gold data that ships with the PDFs:
//    JabRef's pdfContentImporterTest-pdfs.bib and science-parse's groundTruth.json (+ its *.extraction.json titles,
//    and CL-SciSumm's index.json titles of the reference papers). Gold sets without authors link on titles alone,
//    which link.ts accepts only at similarity ≥ 0.9.
//   npx tsx scripts/robustness-pdf.ts [FOLDER] [--json]
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { linkPdfs, normalizeTitle, titleSimilarity, type LinkableEntry, type LinkablePdf } from '../src/core/library/link';
import { extractPdfs, type PdfExtraction } from '../src/core/pdf';
import { unreadableText } from '../src/core/pdf/extract';
import { walkFiles } from '../src/core/library/discovery';

interface GoldPaper {
  /** Which gold file it comes from. */
  set: string;
  key: string;
  pdf: string;
  title: string;
  /** Family names; empty when the gold data has none. */
  authors: string[];
  year?: number;
  doi?: string;
  /** The gold .bib's own file field. */
  fileField?: string;
}

const walkPdfs = (dir: string): string[] => walkFiles(dir, ['.pdf']).sort();

/** Reads the fields of a small, well-formed .bib (the gold file) with brace matching; enough for this check. */
function readGoldBib(file: string): Array<Record<string, string> & { key: string }> {
  const text = fs.readFileSync(file, 'utf8');
  const entries: Array<Record<string, string> & { key: string }> = [];
  const head = /@(\w+)\s*\{\s*([^,\s]+)\s*,/g;
  for (let m = head.exec(text); m; m = head.exec(text)) {
    if (m[1].toLowerCase() === 'comment') continue;
    const entry: Record<string, string> & { key: string } = { key: m[2] };
    let i = head.lastIndex;
    const field = /\s*(\w+)\s*=\s*\{/y;
    for (;;) {
      field.lastIndex = i;
      const f = field.exec(text);
      if (!f) break;
      let depth = 1;
      let j = field.lastIndex;
      for (; j < text.length && depth > 0; j++) {
        if (text[j] === '{') depth++;
        else if (text[j] === '}') depth--;
      }
      entry[f[1].toLowerCase()] = text.slice(field.lastIndex, j - 1).replace(/\s+/g, ' ').trim();
      i = j;
      while (text[i] === ',' || /\s/.test(text[i] ?? '')) i++;
    }
    head.lastIndex = i;
    entries.push(entry);
  }
  return entries;
}

/** "Walter Kriha and Tobias Jordine" → ["Kriha", "Jordine"]; "Antons, Jan-Niklas" → "Antons". */
function familyNames(names: string[]): string[] {
  return names
    .map((n) => n.trim())
    .filter(Boolean)
    .map((n) => (n.includes(',') ? n.split(',')[0].trim() : n.split(/\s+/).pop()!));
}

function loadGold(folder: string): GoldPaper[] {
  const gold: GoldPaper[] = [];
  const jabrefBib = path.join(folder, 'jabref', 'pdfContentImporterTest-pdfs.bib');
  if (fs.existsSync(jabrefBib)) {
    for (const e of readGoldBib(jabrefBib)) {
      if (!e.file || !e.title) continue;
      gold.push({
        set: 'jabref',
        key: e.key,
        pdf: path.join(folder, 'jabref', e.file),
        title: e.title,
        // The gold file runs some names together ("andNicole"): split on "and" with or without spaces.
        authors: familyNames((e.author ?? '').split(/\s+and\s*|\s*and(?=\p{Lu})/u)),
        year: e.year ? Number(e.year) : undefined,
        doi: e.doi,
        fileField: e.file,
      });
    }
  }
  const sp = path.join(folder, 'science-parse');
  const truth = path.join(sp, 'groundTruth.json');
  const inTruth = new Set<string>();
  if (fs.existsSync(truth)) {
    for (const line of fs.readFileSync(truth, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const g = JSON.parse(line) as { id: string; title: string; authors: string[]; year?: number };
      const pdf = path.join(sp, `${g.id}.pdf`);
      if (!fs.existsSync(pdf)) continue; // groundTruth.json lists one paper whose PDF is not shipped
      inTruth.add(pdf);
      gold.push({ set: 'science-parse groundTruth.json', key: g.id, pdf, title: g.title, authors: familyNames(g.authors), year: g.year });
    }
  }
  if (fs.existsSync(sp)) {
    for (const f of fs.readdirSync(sp).filter((x) => x.endsWith('.extraction.json')).sort()) {
      const pdf = path.join(sp, f.replace(/\.extraction\.json$/, '.pdf'));
      if (inTruth.has(pdf) || !fs.existsSync(pdf)) continue;
      const pairs = JSON.parse(fs.readFileSync(path.join(sp, f), 'utf8').replace(/^\uFEFF/, '')) as Array<[string, unknown]>;
      const title = pairs.find(([k]) => k === 'title')?.[1];
      const year = pairs.find(([k]) => k === 'year')?.[1];
      if (typeof title !== 'string') continue;
      gold.push({ set: 'science-parse *.extraction.json', key: f.replace(/\.extraction\.json$/, ''), pdf, title, authors: [], year: typeof year === 'number' ? year : undefined });
    }
  }
  // CL-SciSumm's index names the title of each topic's reference paper (from its XML).
  const clIndex = path.join(folder, 'clscisumm', 'index.json');
  if (fs.existsSync(clIndex)) {
    const topics = JSON.parse(fs.readFileSync(clIndex, 'utf8')) as Record<string, { papers: Array<{ acl_id: string; pdf: string; title_from_xml: string | null }> }>;
    for (const topic of Object.values(topics)) {
      for (const p of topic.papers) {
        const pdf = path.join(folder, 'clscisumm', p.pdf);
        if (p.title_from_xml && fs.existsSync(pdf)) gold.push({ set: 'clscisumm index.json', key: p.acl_id, pdf, title: p.title_from_xml, authors: [] });
      }
    }
  }
  return gold;
}

function pct(n: number, d: number): string {
  return d === 0 ? 'n/a' : `${n}/${d} (${((100 * n) / d).toFixed(1)}%)`;
}

/**
 * JabRef's encrypted and image-only PDFs must fail as such; any other failure must be one poppler agrees with (a file
 * pdftotext reads text from must not be given up). One line per outcome that breaks this.
 */
function unexpectedOutcomes(results: readonly PdfExtraction[], rel: (p: string) => string): string[] {
  const problems: string[] = [];
  const expectFailure: Record<string, string> = { 'jabref/encrypted.pdf': 'encrypted', 'jabref/scanned-image-only.pdf': 'no-text' };
  // Letters pdftotext reads as words; its text from a font without a Unicode map is the same symbol soup as ours.
  const pdftotextLetters = (file: string): number | undefined => {
    const run = spawnSync('pdftotext', ['-q', file, '-'], { encoding: 'utf8' });
    if (run.error) return undefined;
    return unreadableText([run.stdout]) ? 0 : (run.stdout.match(/\p{L}/gu) ?? []).length;
  };
  for (const r of results) {
    const want = expectFailure[rel(r.path).split(path.sep).join('/')];
    if (want && r.failure !== want) problems.push(`${rel(r.path)}: expected ${want}, got ${r.ok ? 'ok' : r.failure}`);
    // Any other failure must be one poppler agrees with: a file pdftotext reads text from must not be given up.
    if (!want && !r.ok) {
      const letters = pdftotextLetters(r.path);
      if (letters === undefined) problems.push(`${rel(r.path)}: ${r.failure} (pdftotext unavailable to confirm)`);
      else if (letters >= 20) problems.push(`${rel(r.path)}: ${r.failure}, but pdftotext reads ${letters} letters from it`);
    }
  }
  return problems;
}

/** PDF↔entry links of the gold entries, per gold set and for all of them, against every readable PDF of the corpus. */
function scoreLinks(folder: string, gold: GoldPaper[], ok: readonly PdfExtraction[], rel: (p: string) => string) {
  const linkable: LinkablePdf[] = ok.map((r) => ({ path: r.path, meta: r.meta, firstPageText: r.pages[0] }));
  const toEntry = (g: GoldPaper, withFile: boolean): LinkableEntry => ({
    key: `${g.set}:${g.key}`,
    title: g.title,
    authors: g.authors,
    year: g.year,
    doi: g.doi,
    fileField: withFile ? g.fileField : undefined,
    bibDir: path.join(folder, 'jabref'),
  });
  const linkScore = (entries: LinkableEntry[], subset: GoldPaper[]) => {
    const links = linkPdfs(entries, linkable);
    const byKey = new Map(links.map((l) => [l.key, l]));
    let correct = 0;
    let wrong = 0;
    const methods: Record<string, number> = {};
    const misses: string[] = [];
    for (const g of subset) {
      const l = byKey.get(`${g.set}:${g.key}`);
      if (!l) {
        misses.push(`${g.key} (no link)`);
        continue;
      }
      if (l.pdfPath === g.pdf) {
        correct++;
        methods[l.method] = (methods[l.method] ?? 0) + 1;
      } else {
        wrong++;
        misses.push(`${g.key} → ${rel(l.pdfPath)} (wrong, ${l.method})`);
      }
    }
    return { correct, wrong, total: subset.length, methods, misses };
  };
  // Content-only linking: the gold .bib's file field is withheld, so DOI / arXiv / title must find the PDF among all
  // readable PDFs of the corpus (not just the right folder).
  const sets = [...new Set(gold.map((g) => g.set))];
  const linkReport = sets.map((set) => {
    const subset = gold.filter((g) => g.set === set);
    return {
      set,
      contentOnly: linkScore(subset.map((g) => toEntry(g, false)), subset),
      withFileField: subset.some((g) => g.fileField) ? linkScore(subset.map((g) => toEntry(g, true)), subset) : undefined,
    };
  });
  const allContent = linkScore(gold.map((g) => toEntry(g, false)), gold);
  return { sets, linkReport, allContent };
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const folder = path.resolve(args.find((a) => !a.startsWith('--')) ?? path.join(__dirname, '..', '..', 'shared', 'data', 'pdfs'));
  if (!fs.existsSync(folder)) {
    console.log(`robustness-pdf: ${folder} not found, skipped`);
    return 0;
  }
  const files = walkPdfs(folder);
  const rel = (p: string) => path.relative(folder, p);
  const started = performance.now();
  let done = 0;
  // Workers run this checkout's source (worker.ts under tsx), never a possibly stale dist/ bundle.
  const results = await extractPdfs(files, {
    onResult: () => {
      done++;
      if (!json && process.stdout.isTTY) process.stdout.write(`\r  extracted ${done}/${files.length}`);
    },
  });
  const seconds = (performance.now() - started) / 1000;
  if (!json && process.stdout.isTTY) process.stdout.write('\n');
  const byPath = new Map(results.map((r) => [r.path, r]));

  // 1. Outcomes.
  const ok = results.filter((r) => r.ok);
  const failures = new Map<string, PdfExtraction[]>();
  for (const r of results.filter((x) => !x.ok)) failures.set(r.failure!, [...(failures.get(r.failure!) ?? []), r]);
  const pages = ok.reduce((n, r) => n + r.pageCount, 0);
  const chars = ok.reduce((n, r) => n + r.pages.reduce((m, p) => m + p.length, 0), 0);
  const sentences = ok.reduce((n, r) => n + r.sections.reduce((m, s) => m + s.sentences.length, 0), 0);
  const withSections = ok.filter((r) => r.sections.some((s) => s.kind === 'introduction' || s.kind === 'abstract')).length;

  const problems = unexpectedOutcomes(results, rel);

  // 2. Titles, years and links against the gold data.
  const gold = loadGold(folder);
  const titleRows = gold.map((g) => {
    const r = byPath.get(g.pdf);
    const guess = r?.meta.title ?? '';
    return {
      g,
      guess,
      exact: guess !== '' && normalizeTitle(guess) === normalizeTitle(g.title),
      similar: guess !== '' && titleSimilarity(guess, g.title) >= 0.75,
      yearRight: g.year === undefined ? undefined : r?.meta.year === g.year,
    };
  });

  const { sets, linkReport, allContent } = scoreLinks(folder, gold, ok, rel);

  if (json) {
    console.log(
      JSON.stringify({
        folder,
        files: files.length,
        ok: ok.length,
        failures: Object.fromEntries([...failures].map(([k, v]) => [k, v.map((r) => ({ file: rel(r.path), message: r.message }))])),
        seconds,
        titles: titleRows.map((t) => ({ set: t.g.set, pdf: rel(t.g.pdf), gold: t.g.title, guess: t.guess, exact: t.exact, similar: t.similar, yearRight: t.yearRight })),
        links: linkReport,
        problems,
      }),
    );
    return problems.length ? 1 : 0;
  }

  console.log(`PDF robustness — ${folder}`);
  const found = `${pages} pages, ${(chars / 1e6).toFixed(2)} M chars, ${sentences} sentences; ${withSections} with an abstract/introduction section found`;
  console.log(`  ${files.length} PDFs in ${seconds.toFixed(1)} s: ${ok.length} with text (${found})`);
  for (const [failure, rs] of failures) {
    console.log(`  ${failure}: ${rs.length}`);
    for (const r of rs) console.log(`    ${rel(r.path)} — ${r.message}`);
  }
  console.log('\nTitle guesses vs gold');
  for (const set of sets) {
    const rows = titleRows.filter((t) => t.g.set === set);
    const years = rows.filter((t) => t.yearRight !== undefined);
    const exact = pct(rows.filter((t) => t.exact).length, rows.length);
    const similar = pct(rows.filter((t) => t.similar).length, rows.length);
    console.log(`  ${set}: exact (normalised) ${exact}, similarity ≥ 0.75 ${similar}; year ${pct(years.filter((t) => t.yearRight).length, years.length)}`);
    for (const t of rows.filter((x) => !x.similar)) console.log(`    ✗ ${path.basename(t.g.pdf)}: guessed ${JSON.stringify(t.guess)} — gold ${JSON.stringify(t.g.title)}`);
  }
  const allExact = titleRows.filter((t) => t.exact).length;
  const allSimilar = titleRows.filter((t) => t.similar).length;
  console.log(`  all: exact ${pct(allExact, titleRows.length)}, similarity ≥ 0.75 ${pct(allSimilar, titleRows.length)}`);

  console.log('\nLinks (gold entries → all readable PDFs of the corpus)');
  for (const r of linkReport) {
    const c = r.contentOnly;
    console.log(`  ${r.set}, without the file field: ${pct(c.correct, c.total)} correct, ${c.wrong} wrong — by ${JSON.stringify(c.methods)}`);
    for (const m of c.misses) console.log(`    ✗ ${m}`);
    if (r.withFileField) {
      const f = r.withFileField;
      console.log(`  ${r.set}, with the file field: ${pct(f.correct, f.total)} correct, ${f.wrong} wrong — by ${JSON.stringify(f.methods)}`);
    }
  }
  console.log(`  all gold entries, without file fields: ${pct(allContent.correct, allContent.total)} correct, ${allContent.wrong} wrong`);
  if (problems.length) {
    console.log('\nPROBLEMS');
    for (const p of problems) console.log(`  ${p}`);
    return 1;
  }
  console.log('\nOK: no crash; encrypted and image-only PDFs reported as such; text for every other readable PDF.');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(2);
  },
);
