import { strict as assert } from 'assert';
import { ownAbstractOf } from '../../../src/core/text/abstract';

describe('ownAbstractOf', () => {
  it('reads the LaTeX abstract environment', () => {
    const tex = '\\begin{document}\n\\begin{abstract}\nWe translate sketches.\nIt works.\n\\end{abstract}\n\\section{Intro}';
    assert.equal(ownAbstractOf(tex, 'latex'), 'We translate sketches.\nIt works.');
  });

  it('reads Pandoc front matter, folded or on one line', () => {
    assert.equal(ownAbstractOf('---\ntitle: T\nabstract: We do X.\n---\n# Intro\n', 'markdown'), 'We do X.');
    assert.equal(ownAbstractOf('---\nabstract: |\n  We do X.\n  Then Y.\nauthor: A\n---\nbody', 'markdown'), 'We do X. Then Y.');
  });

  it('reads a Markdown Abstract section up to the next heading', () => {
    assert.equal(ownAbstractOf('# Title\n\n## Abstract\nWe do Z.\n\n## Introduction\nMore.', 'markdown'), 'We do Z.');
  });

  it('says nothing when there is no abstract', () => {
    assert.equal(ownAbstractOf('\\section{Intro} text', 'latex'), undefined);
    assert.equal(ownAbstractOf('# Intro\ntext', 'markdown'), undefined);
  });
});
