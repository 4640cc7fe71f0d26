import { strict as assert } from 'assert';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { decodeBibBuffer, parseBibtex } from '../../../src/core/bibtex';

const fixtures = path.resolve(__dirname, '../../fixtures/bib');
const load = (name: string) => parseBibtex(decodeBibBuffer(readFileSync(path.join(fixtures, name))), name);

describe('parseBibtex', () => {
  describe('features.bib', () => {
    const result = load('features.bib');
    const byKey = new Map(result.entries.map((e) => [e.key, e]));

    it('finds every entry, with its 1-based line, and nothing from comments or free text', () => {
      assert.deepEqual(
        result.entries.map((e) => [e.key, e.type, e.line]),
        [
          ['mueller2019', 'article', 11],
          ['vanderberg2020', 'inproceedings', 23],
          ['kingjr2021', 'inproceedings', 29],
          ['proc2020', 'proceedings', 37],
          ['lncs-volume', 'book', 50],
        ],
      );
      assert.deepEqual(result.errors, []);
    });

    it('expands nested @string macros, # concatenation and month macros', () => {
      const e = byKey.get('mueller2019')!;
      assert.equal(e.fields.publisher, 'ACM Press');
      assert.equal(e.fields.journal, 'Journal of Clever Lemmas');
      assert.equal(e.fields.month, 'March');
      assert.equal(result.strings.pub, 'ACM Press');
    });

    it('keeps the raw LaTeX for output and converts to Unicode for display', () => {
      const e = byKey.get('mueller2019')!;
      assert.equal(e.fields.title, "{\\\"U}ber die {B}edeutung von {\\c C}a{\\u g}lar's {\\ss}-Regel---a {S}urvey");
      assert.equal(e.title, "Über die Bedeutung von Çağlar's ß-Regel—a Survey");
      assert.equal(e.abstract, 'We show that lazy conversion is fast enough. Costs $5 & 10%.');
      assert.equal(e.unicode('pages'), '1–10');
    });

    it('parses authors with accents, "von" parts, "and others" and protected corporate names', () => {
      const e = byKey.get('mueller2019')!;
      assert.deepEqual(
        e.authors.map((a) => [a.family, a.given]),
        [
          ['Müller', 'Jörg'],
          ['García Márquez', 'Gabriel'],
        ],
      );
      assert.equal(e.authorsTruncated, true);
      const v = byKey.get('vanderberg2020')!;
      assert.deepEqual(
        v.authors.map((a) => [a.family, a.given]),
        [
          ['van der Berg', 'Jan'],
          ['de la Vallée Poussin', 'Charles Louis Xavier Joseph'],
          ['Barnes and Noble, Inc.', undefined],
        ],
      );
    });

    it('reads parenthesised entries', () => {
      assert.equal(byKey.get('vanderberg2020')!.title, 'Parenthesised entries (and their (braces))');
    });

    it('inherits missing fields through crossref, mapping the proceedings title to booktitle', () => {
      const child = byKey.get('vanderberg2020')!;
      assert.equal(child.fields.booktitle, 'Proceedings of the Twentieth Workshop');
      assert.equal(child.year, 2020);
      assert.equal(child.fields.publisher, 'Springer');
      assert.ok(child.inherited.has('booktitle'));
      // The child's own booktitle is never overwritten.
      assert.equal(byKey.get('kingjr2021')!.fields.booktitle, 'Own Booktitle Wins');
    });

    it('fills fields from biblatex @xdata containers, which are not entries themselves', () => {
      const book = byKey.get('lncs-volume')!;
      assert.equal(book.fields.series, 'Lecture Notes in Computer Science');
      assert.equal(book.fields.location, 'Heidelberg'); // own value wins
      assert.equal(book.year, 2018); // from biblatex date
      assert.ok(!byKey.has('springer-lncs'));
    });

    it('exposes biblatex ids aliases and the DOI without resolver prefix', () => {
      assert.deepEqual(byKey.get('kingjr2021')!.ids, ['king2021a', 'dream21']);
      assert.equal(byKey.get('mueller2019')!.doi, '10.1000/XYZ.42');
    });

    it('collects @preamble', () => {
      assert.deepEqual(result.preambles, ['\\newcommand{\\noopsort}[1]{}']);
    });
  });

  describe('error recovery (broken.bib)', () => {
    const result = load('broken.bib');

    it('a syntax error costs only its own entry', () => {
      assert.deepEqual(
        result.entries.map((e) => e.key),
        ['good1', 'good2', 'good3', 'good4'],
      );
      assert.equal(result.entries.find((e) => e.key === 'good3')!.authors[0].family, 'Turing');
    });

    it('reports each error with the file and the 1-based line where it is', () => {
      const errors = result.errors.filter((e) => e.severity === 'error');
      assert.deepEqual(
        errors.map((e) => e.line),
        [8, 16, 29],
      );
      assert.ok(errors.every((e) => e.file === 'broken.bib'));
      assert.match(errors[0].message, /expected ',' or '}'.*'title'/);
      assert.match(errors[1].message, /not closed/);
      assert.match(errors[2].message, /expected '='/);
    });

    it('reports a duplicate key with both lines and keeps the first entry', () => {
      assert.deepEqual(result.duplicates, [{ key: 'good1', file: 'broken.bib', line: 24, firstLine: 1 }]);
      assert.equal(result.entries.find((e) => e.key === 'good1')!.title, 'First good entry');
      assert.ok(result.errors.some((e) => e.line === 24 && /duplicate key 'good1'.*line 1/.test(e.message)));
    });

    it('warns about an undefined macro and keeps the entry', () => {
      const warning = result.errors.find((e) => /undefinedmacro/.test(e.message))!;
      assert.equal(warning.severity, 'warning');
      assert.equal(warning.line, 32);
      assert.equal(result.entries.find((e) => e.key === 'good4')!.fields.note, 'undefinedmacro');
    });
  });

  describe('edge cases', () => {
    it('an unclosed last entry reports the entry line and keeps the earlier ones', () => {
      const r = parseBibtex('@misc{a, title={A}}\n\n@misc{b,\n  title = {B}\n', 'x.bib');
      assert.deepEqual(
        r.entries.map((e) => e.key),
        ['a'],
      );
      assert.equal(r.errors.length, 1);
      assert.equal(r.errors[0].line, 3);
    });

    it('puts an unclosed brace on the broken entry, not on the good entry after it', () => {
      const r = parseBibtex('@misc{ok1, title={Fine}}\n@misc{bad,\n  title = {Never closed,\n  year = 2020\n}\n@misc{ok2, title={Also fine}}\n', 'x.bib');
      assert.deepEqual(r.entries.map((e) => e.key), ['ok1', 'ok2']);
      assert.equal(r.errors.length, 1);
      assert.equal(r.errors[0].line, 2);
      assert.match(r.errors[0].message, /on line 6: this @misc entry is not closed/);
    });

    it('ignores stray @ signs in free text and accepts entries without fields', () => {
      const r = parseBibtex('Mail me at someone@example.org.\n@misc{lonely}\n@misc{b, title = "B",}');
      assert.deepEqual(
        r.entries.map((e) => e.key),
        ['lonely', 'b'],
      );
      assert.deepEqual(r.errors, []);
    });

    it('counts braces inside quoted values and reads numbers and macros case-insensitively', () => {
      const r = parseBibtex('@string{Foo = "F"}\n@misc{k, title = "A {"quoted"} word", year = 1999, note = FOO # "oo"}');
      const e = r.entries[0];
      assert.equal(e.fields.title, 'A {"quoted"} word');
      assert.equal(e.fields.year, '1999');
      assert.equal(e.fields.note, 'Foo');
    });

    it('reports an entry without a key', () => {
      const r = parseBibtex('@article{title = {No key}}\n@article{ok, title = {Fine}}');
      assert.deepEqual(
        r.entries.map((e) => e.key),
        ['ok'],
      );
      assert.match(r.errors[0].message, /no citation key/);
      assert.equal(r.errors[0].line, 1);
    });

    it('survives an unbalanced @comment by treating it as free text', () => {
      const r = parseBibtex('@comment{ unbalanced\n@misc{after, title = {After}}');
      assert.deepEqual(
        r.entries.map((e) => e.key),
        ['after'],
      );
    });

    it('skips commented-out entries and commented-out field lines', () => {
      const r = parseBibtex('%@article{old, title = {Old}}\n@article{new,\n  title = {New},\n% note = {dropped},\n  year = 2020\n}');
      assert.deepEqual(
        r.entries.map((e) => e.key),
        ['new'],
      );
      assert.equal(r.entries[0].fields.year, '2020');
      assert.equal(r.entries[0].fields.note, undefined);
      assert.deepEqual(r.errors, []);
    });

    it('keeps an unquoted @preamble as raw text', () => {
      const r = parseBibtex('@preamble{\n\\newcommand{\\mnras}{MNRAS}\n}\n@misc{k, journal = {\\mnras}}');
      assert.deepEqual(r.preambles, ['\\newcommand{\\mnras}{MNRAS}']);
      assert.equal(r.entries.length, 1);
      assert.deepEqual(r.errors, []);
    });

    it('strips a BOM left in a decoded string', () => {
      const r = parseBibtex('\uFEFF@misc{k, title = {T}}');
      assert.equal(r.entries[0].key, 'k');
    });
  });
});

describe('decodeBibBuffer', () => {
  it('reads UTF-8 with BOM, UTF-16 LE and BE (with BOM), and Latin-1 files', () => {
    const titles = ['utf8-bom.bib', 'utf16le.bib', 'utf16be.bib', 'latin1.bib'].map((f) => load(f).entries[0].title);
    assert.deepEqual(titles, ['Straße und Café', 'Ähnlichkeit in UTF-16', 'Ökologie in UTF-16', 'Résumé of Æsop']);
  });

  it('recognises UTF-16 without a byte-order mark', () => {
    const text = '@misc{k, title = {Ünïcode}}';
    assert.equal(decodeBibBuffer(Buffer.from(text, 'utf16le')), text);
    const be = Buffer.from(text, 'utf16le').swap16();
    assert.equal(decodeBibBuffer(be), text);
  });
});

describe('parseBibtex: pathological nesting costs one entry, never the file', () => {
  const fine = '@article{fine, author = {Doe, Jane}, title = {A Fine Title}, year = 2020}\n';

  it('keeps the file when a value nests thousands of braces or commands deep, and says which entry', () => {
    for (const value of ['{'.repeat(3000) + 'x' + '}'.repeat(3000), '\\textbf{'.repeat(3000) + 'x' + '}'.repeat(3000)]) {
      const r = parseBibtex(`@misc{deep, title = {${value}}}\n` + fine, 'deep.bib');
      assert.deepEqual(r.entries.map((e) => e.key), ['deep', 'fine']);
      // Reading the title converts the LaTeX: this recursed once per level and overflowed the stack.
      assert.equal(r.entries[0].title, 'x');
      assert.equal(r.entries[1].title, 'A Fine Title');
      assert.match(r.errors.map((e) => `${e.line}: ${e.message}`).join('\n'), /^1: value nested more than 100 braces deep/);
    }
  });

  it('keeps the file when a crossref chain is thousands long, and warns once', () => {
    const n = 20_000;
    const chain = Array.from({ length: n }, (_, i) => `@misc{c${i}, crossref = {c${i + 1}}, title = {T${i}}}`).join('\n');
    const r = parseBibtex(chain + `\n@misc{c${n}, title = {End}, year = 1999}\n` + fine, 'chain.bib');
    assert.equal(r.entries.length, n + 2);
    assert.equal(r.entries.find((e) => e.key === 'c0')!.title, 'T0');
    assert.equal(r.errors.filter((e) => /chain longer than 32/.test(e.message)).length, 1);
    // A short chain still inherits as before.
    assert.equal(r.entries.find((e) => e.key === `c${n - 1}`)!.year, 1999);
  });
});
