import { strict as assert } from 'assert';
import { bibEntryKeys, bibKeyAt } from '../../../src/core/cites/bib-keys';
import { invalidKeyReason, planKeyRename, type KeyEdit, type RenameSource } from '../../../src/core/cites/rename';

const REFS = `@string{ieee = "IEEE"}
% a note that mentions @misc{notakey, in a comment line is still read by BibTeX; see below
@inproceedings{ lee2020graph ,
  title = {Graph Parsing},
  ids = {lee2020, lee-graph},
  booktitle = ieee,
}

@InCollection(chen2021chapter,
  title = "A Chapter",
  crossref = "lee2020graph",
  related = {kim2019, lee2020graph},
)
@comment{@article{commented, title={no}}}
@book{bare2022, xdata = lee2020graph, title={Bare}}
`;

function apply(text: string, edits: readonly KeyEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  return out;
}

describe('keys in a .bib file', () => {
  it('finds each entry key with its aliases and the keys its crossref, related and xdata fields name', () => {
    const entries = bibEntryKeys(REFS);
    assert.deepEqual(entries.map((e) => e.key), ['notakey', 'lee2020graph', 'chen2021chapter', 'commented', 'bare2022']);
    const lee = entries[1];
    assert.equal(REFS.slice(lee.start, lee.end), 'lee2020graph');
    assert.deepEqual(lee.aliases.map((a) => [a.key, REFS.slice(a.start, a.end)]), [['lee2020', 'lee2020'], ['lee-graph', 'lee-graph']]);
    assert.deepEqual(entries[2].references.map((r) => REFS.slice(r.start, r.end)), ['lee2020graph', 'kim2019', 'lee2020graph']);
    assert.deepEqual(entries[4].references.map((r) => REFS.slice(r.start, r.end)), ['lee2020graph']);
  });

  it('says which key the cursor is on', () => {
    assert.equal(bibKeyAt(REFS, REFS.indexOf('chen2021chapter') + 3)?.key, 'chen2021chapter');
    assert.equal(bibKeyAt(REFS, REFS.indexOf('lee-graph'))?.key, 'lee-graph');
    assert.equal(bibKeyAt(REFS, REFS.indexOf('Graph Parsing')), undefined);
  });
});

describe('renaming a key', () => {
  const tex = 'As in \\citep{lee2020graph, kim2019} and \\citet{lee2020graph}; not \\cite{lee2020graphs}.\n% \\cite{lee2020graph}\n';
  const md = 'Graphs [@lee2020graph, p. 3; @kim2019] and @{lee2020graph}.\n';
  const sources: RenameSource[] = [
    { path: '/p/refs.bib', kind: 'bib', text: REFS },
    { path: '/p/paper.tex', kind: 'latex', text: tex },
    { path: '/p/notes.md', kind: 'markdown', text: md },
  ];

  it('renames the entry, every reference to it and every citation of it, and nothing else', () => {
    const plan = planKeyRename(sources, 'lee2020graph', 'lee2020parsing');
    assert.ok(plan.ok);
    const byPath = (p: string) => plan.edits.filter((e) => e.path === p);
    const bib = apply(REFS, byPath('/p/refs.bib'));
    assert.match(bib, /@inproceedings\{ lee2020parsing ,/);
    assert.match(bib, /crossref = "lee2020parsing"/);
    assert.match(bib, /related = \{kim2019, lee2020parsing\}/);
    assert.match(bib, /xdata = lee2020parsing,/);
    assert.equal(bib.includes('lee2020graph'), false);
    assert.equal(apply(tex, byPath('/p/paper.tex')), 'As in \\citep{lee2020parsing, kim2019} and \\citet{lee2020parsing}; not \\cite{lee2020graphs}.\n% \\cite{lee2020graph}\n');
    assert.equal(apply(md, byPath('/p/notes.md')), 'Graphs [@lee2020parsing, p. 3; @kim2019] and @{lee2020parsing}.\n');
  });

  it('renames an alias where it stands, in the ids field and in citations', () => {
    const plan = planKeyRename([{ path: '/p/refs.bib', kind: 'bib', text: REFS }, { path: '/p/a.tex', kind: 'latex', text: '\\cite{lee2020}' }], 'lee2020', 'lee2020old');
    assert.ok(plan.ok);
    assert.deepEqual(plan.edits.map((e) => [e.path, e.newText]), [['/p/refs.bib', 'lee2020old'], ['/p/a.tex', 'lee2020old']]);
    assert.match(apply(REFS, plan.edits.filter((e) => e.path.endsWith('.bib'))), /ids = \{lee2020old, lee-graph\}/);
  });

  it('refuses a key that exists, as an entry or as an alias, and a key BibTeX cannot read', () => {
    assert.deepEqual(planKeyRename(sources, 'kim2019', 'chen2021chapter'), { ok: false, reason: "'chen2021chapter' is already a key in refs.bib." });
    assert.deepEqual(planKeyRename(sources, 'kim2019', 'lee-graph'), { ok: false, reason: "'lee-graph' is already a key in refs.bib (an alias of 'lee2020graph')." });
    assert.deepEqual(planKeyRename(sources, 'kim2019', 'kim 2019'), { ok: false, reason: "'kim 2019' is not a valid key: A key cannot contain white space." });
    for (const bad of ['', 'a,b', 'x{1}', 'a%b', 'q"r', 'a#b']) assert.ok(invalidKeyReason(bad), bad);
    for (const good of ['kim2019', 'Kim:2019:GNN', 'doe-2020_a', 'müller2020', 'a/b.c+d']) assert.equal(invalidKeyReason(good), undefined, good);
  });

  it('plans nothing for a rename to the same key', () => {
    assert.deepEqual(planKeyRename(sources, 'kim2019', 'kim2019'), { ok: true, edits: [] });
  });
});
