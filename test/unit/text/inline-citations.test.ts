import { strict as assert } from 'assert';
import { withoutInlineCitations } from '../../../src/core/text/inline-citations';
import { plainText } from '../../../src/core/text/plain';

describe('citations inside quoted text', () => {
  it('drops a citation that is an aside', () => {
    assert.equal(plainText('Prior solvers~\\cite{a}; \\citep[p.~4]{b} stall on dense graphs.'), 'Prior solvers stall on dense graphs.');
    assert.equal(plainText('Dense graphs stall solvers (see \\citep{c}).'), 'Dense graphs stall solvers.');
    assert.equal(plainText('Solvers \\cite{a,b}, e.g. \\cite{c}, stall on dense graphs.'), 'Solvers stall on dense graphs.');
    assert.equal(plainText('Solvers stall on dense graphs [see @lin20, p. 4; @ito21].'), 'Solvers stall on dense graphs.');
    // Names already removed from author–year citations, as in some data sets.
    assert.equal(plainText('Sparse solvers (, 2015; , 2017a) and dense ones (, 2019) stall on dense graphs.'), 'Sparse solvers and dense ones stall on dense graphs.');
  });

  it('keeps the grammar where the sentence is built on the citation', () => {
    assert.equal(plainText('Dense graphs, as shown by \\cite{a} and \\cite{b}, stall solvers.'), 'Dense graphs, as shown by prior work, stall solvers.');
    assert.equal(plainText('Following~\\citet[p.~3]{d}, we prune edges.'), 'Following prior work, we prune edges.');
    assert.equal(plainText('\\Citet{d} pruned edges. We extend the work of \\cite{e}.'), 'Prior work pruned edges. We extend prior work.');
  });

  it('leaves e-mail addresses, metrics such as P@10 and annotations such as @Override alone', () => {
    const text = 'Write to ana@lab.org [or ben@lab.org]; P@10 rises when @Override marks the method that eats @math.';
    assert.equal(withoutInlineCitations(text), text);
  });
});
