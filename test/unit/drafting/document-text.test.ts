import { strict as assert } from 'assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { DefaultEngine } from '../../../src/core/engines';
import { toDocumentText } from '../../../src/core/drafting/document-text';
import { MemoryLibrary } from '../../../src/core/engine/memory-library';
import { SentenceWriterEngine, type RawSentence } from '../../../src/core/neural/writer-engine';
import type { PaperRecord } from '../../../src/core/types';

// Abstracts of our own, with what a .bib or a PDF often holds: percentages, ampersands, identifiers with
// underscores, Greek letters, math symbols, raised exponents and ligatures left by PDF copy-paste.
const RECORDS: PaperRecord[] = [
  {
    key: 'tanaka_2021',
    type: 'article',
    title: 'Pruning Heads & Layers',
    authors: [{ family: 'Tanaka', given: 'Yuki' }],
    abstract: 'We show that 40% of the attention heads can be removed with no loss in accuracy & the model gets a third faster. We release the tool as head_prune for reuse.',
  },
  {
    key: 'ivanova:2018',
    type: 'article',
    title: 'Fast low-rank updates',
    authors: [{ family: 'Ivanova', given: 'Mila' }, { family: 'Okafor', given: 'Ngozi' }],
    abstract: 'We show that a rank-k update costs O(nk²) rather than O(n³) and give an algorithm for 2ⁿ⁻¹ blocks with α ≤ ε. Our ﬁndings hold for #sparse inputs of 10–20 MB.',
  },
  {
    key: 'moreau-cut',
    type: 'inproceedings',
    title: 'Cuts in $m^{1+o(1)}$ Time',
    authors: [{ family: 'Moreau', given: 'Sylvie' }],
    // As a .bib holds it: formulas in TeX, one that Unicode can say and one it cannot.
    abstract: 'We compute a minimum cut of a graph with $m$ edges in $m^{1+o(1)}$ time with error $\\epsilon^2$. The previous bound was quadratic.',
  },
];

function library(): MemoryLibrary {
  return new MemoryLibrary(RECORDS.map((r) => ({ ...r })));
}

describe('document text: what an engine writes into a .tex or .md file', () => {
  it('escapes LaTeX specials outside the citation markers and leaves keys with underscores alone', () => {
    assert.equal(
      toDocumentText('Tanaka \\cite{tanaka_2021} removed 40% of heads & layers (#1 on a_b, $5, {x}, ~, ^).', 'latex'),
      'Tanaka \\cite{tanaka_2021} removed 40\\% of heads \\& layers (\\#1 on a\\_b, \\$5, \\{x\\}, \\textasciitilde{}, \\textasciicircum{}).',
    );
    assert.equal(toDocumentText('\\citet{a_b} and \\citep{c,d} cut 5%.', 'latex'), '\\citet{a_b} and \\citep{c,d} cut 5\\%.');
    // Already escaped text is not escaped twice.
    assert.equal(toDocumentText('a gain of 40\\% \\cite{k}', 'latex'), 'a gain of 40\\% \\cite{k}');
  });

  it('writes Greek letters, math symbols, exponents and ligatures so that pdfLaTeX sets them; accents stay', () => {
    assert.equal(toDocumentText('α ≤ ε and αβ', 'latex'), '$\\alpha$ $\\leq$ $\\varepsilon$ and $\\alpha\\beta$');
    assert.equal(toDocumentText('2ⁿ⁻¹ blocks, x₁₀, O(n²)', 'latex'), '2\\textsuperscript{n-1} blocks, x\\textsubscript{10}, O(n²)');
    assert.equal(toDocumentText('ﬁndings in Łódź, café — “quoted”', 'latex'), 'findings in Łódź, café — “quoted”');
    assert.equal(toDocumentText('<a|b>', 'latex'), '\\textless{}a\\textbar{}b\\textgreater{}');
    // A straight " prints as a closing quote in LaTeX: quotations get typographic quotes; an apostrophe stays.
    assert.equal(toDocumentText('a "chunked" input ("flat") and the \'raw\' one, don\'t', 'latex'), 'a “chunked” input (“flat”) and the ‘raw\' one, don\'t');
    assert.equal(toDocumentText("ISSAC '95 and rock 'n' roll, 'em", 'latex'), "ISSAC '95 and rock 'n' roll, 'em");
  });

  it('keeps a formula that Unicode could not say as TeX math, in LaTeX and in Markdown; a price is no formula', () => {
    assert.equal(toDocumentText('in $m^{1+o(1)}$ time for $5 and $10 \\cite{k_1}', 'latex'), 'in $m^{1+o(1)}$ time for \\$5 and \\$10 \\cite{k_1}');
    assert.equal(toDocumentText('in $m^{1+o(1)}$ time for $5 [@k_1]', 'markdown'), 'in $m^{1+o(1)}$ time for \\$5 [@k_1]');
    // Unbalanced braces would stop the build: escaped as text.
    assert.equal(toDocumentText('a $x_{1$ b', 'latex'), 'a \\$x\\_\\{1\\$ b');
    // A raised or lowered character after a math symbol joins its formula.
    assert.equal(toDocumentText('error ϵ² with ℓ₀ sketches', 'latex'), 'error $\\epsilon^{2}$ with $\\ell_{0}$ sketches');
  });

  it('escapes for Pandoc Markdown what would become markup, math or a citation', () => {
    assert.equal(
      toDocumentText('Doe [@doe:2020; @roe] found *big* gains [3] at $5 via @handle and `x` <b>.', 'markdown'),
      'Doe [@doe:2020; @roe] found \\*big\\* gains \\[3\\] at \\$5 via \\@handle and \\`x\\` \\<b>.',
    );
    // An underscore inside a word and an e-mail address are literal in Pandoc already.
    assert.equal(toDocumentText('head_prune, mail me@example.org, 40% & α', 'markdown'), 'head_prune, mail me@example.org, 40% & α');
    assert.equal(toDocumentText('#1 on the board', 'markdown'), '\\#1 on the board');
  });

  it('gives the citation sentence of a LaTeX document escaped, a Markdown one as Markdown, and a hover plain text', async () => {
    const engine = new DefaultEngine();
    const latex = await engine.citationSentence({ key: 'tanaka_2021', style: 'citation', syntax: 'cite' }, library());
    assert.match(latex.text, /Tanaka \\cite\{tanaka_2021\} \w+ that 40\\% of the attention heads can be removed with no loss in accuracy \\& the model/);
    assert.ok(latex.spans.every((s) => !/(?<!\\)[%&]/.test(s.text)), 'every span is escaped');
    assert.equal(latex.spans.at(-1)?.source?.text.includes('40% of the attention heads'), true, 'the source is shown as it was read');
    const markdown = await engine.citationSentence({ key: 'tanaka_2021', style: 'citation', syntax: 'pandoc' }, library());
    assert.match(markdown.text, /Tanaka \[@tanaka_2021\] \w+ that 40% of the attention heads/);
    const hover = await engine.citationSentence({ key: 'ivanova:2018', style: 'tldr', format: 'plain' }, library());
    assert.match(hover.text, /O\(nk²\) rather than O\(n³\)/);
    assert.doesNotMatch(hover.text, /\\/);
  });

  it('cites a bound written in TeX with the bound it states, in a LaTeX document, a Markdown one and a hover', async () => {
    const engine = new DefaultEngine();
    const latex = await engine.citationSentence({ key: 'moreau-cut', style: 'citation', syntax: 'cite' }, library());
    assert.match(latex.text, /Moreau \\cite\{moreau-cut\} computed a minimum cut of a graph with m edges in \$m\^\{1\+o\(1\)\}\$ time/);
    const markdown = await engine.citationSentence({ key: 'moreau-cut', style: 'citation', syntax: 'pandoc' }, library());
    assert.match(markdown.text, /in \$m\^\{1\+o\(1\)\}\$ time/);
    const hover = await engine.citationSentence({ key: 'moreau-cut', style: 'tldr', format: 'plain' }, library());
    assert.match(hover.text, /in \$m\^\{1\+o\(1\)\}\$ time/);
  });

  it('escapes a whole draft: its sentences, its text and the neural engine’s sentences alike', async () => {
    const draft = await new DefaultEngine().draft({ keys: ['tanaka_2021', 'ivanova:2018'], targetWords: 90, format: 'latex' }, library());
    assert.match(draft.text, /40\\% of the attention heads/);
    assert.doesNotMatch(draft.text, /(?<!\\)[%&#_](?![^{}]*\})/, 'no bare special outside a marker');
    assert.equal(draft.text, draft.paragraphs.map((p) => p.sentences.map((s) => s.text).join(' ')).join('\n\n'));

    class Echo extends SentenceWriterEngine {
      readonly id = 'echo';
      protected async writeRaw(): Promise<RawSentence> {
        return { text: 'REF removed 40% of heads & kept α fixed' };
      }
    }
    const neural = await new Echo().citationSentence({ key: 'tanaka_2021', style: 'citation', syntax: 'cite' }, library());
    assert.equal(neural.text, 'Tanaka \\cite{tanaka_2021} removed 40\\% of heads \\& kept $\\alpha$ fixed.');
    const neuralDraft = await new Echo().draft({ keys: ['tanaka_2021'], format: 'latex' }, library());
    assert.match(neuralDraft.text, /40\\% of heads \\& kept \$\\alpha\$ fixed/);
  });

  const pdflatex = spawnSync('pdflatex', ['--version']).status === 0;
  (pdflatex ? it : it.skip)('a draft and citation sentences written into a bare article build with pdfLaTeX, text after "40%" included', async function () {
    this.timeout(60000);
    const engine = new DefaultEngine();
    const draft = await engine.draft({ keys: ['tanaka_2021', 'ivanova:2018'], targetWords: 120, subsections: true, format: 'latex' }, library());
    const sentences = await Promise.all(RECORDS.map((r) => engine.citationSentence({ key: r.key, style: 'citation', syntax: 'cite' }, library())));
    const tldrs = await Promise.all(RECORDS.map((r) => engine.citationSentence({ key: r.key, style: 'tldr' }, library())));
    const dir = mkdtempSync(path.join(tmpdir(), 'citescribe-tex-'));
    try {
      const bibitems = RECORDS.map((r, i) => `\\bibitem{${r.key}} Reference ${i + 1}.`).join('\n');
      const body = [draft.text, ...sentences.map((s) => s.text), ...tldrs.map((s) => s.text)].join('\n\n');
      writeFileSync(path.join(dir, 'paper.tex'), `\\documentclass{article}\n\\begin{document}\n${body}\n\\begin{thebibliography}{9}\n${bibitems}\n\\end{thebibliography}\n\\end{document}\n`);
      spawnSync('pdflatex', ['-interaction=nonstopmode', 'paper.tex'], { cwd: dir });
      const log = readFileSync(path.join(dir, 'paper.log'), 'latin1');
      assert.deepEqual(log.split('\n').filter((l) => l.startsWith('!')), [], 'pdfLaTeX reports no error');
      const pdfText = execFileSync('pdftotext', ['paper.pdf', '-'], { cwd: dir, encoding: 'utf8' }).replace(/\s+/g, ' ');
      assert.match(pdfText, /40% of the attention heads can be removed with no loss in accuracy & the model/);
      assert.match(pdfText, /α/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
