import { strict as assert } from 'assert';
import { unmetRequirement, type CommandState } from '../../../src/extension/commands/requirements';

/** A workspace where everything is there: trusted, indexed, a LaTeX document in the editor. */
const READY: CommandState = { trusted: true, libraryAnswers: true, citingEditor: true };

describe('command requirements: what a disabled command tells the user', () => {
  it('Find Abstracts Online and Verify References in an untrusted workspace: trust it first (an error)', () => {
    const untrusted = { ...READY, trusted: false };
    const find = unmetRequirement('citescribe.findAbstractsOnline', untrusted);
    assert.equal(find?.why, 'Finding abstracts online is off in an untrusted workspace: trust the workspace first.');
    assert.equal(find?.severity, 'error');
    const verify = unmetRequirement('citescribe.verifyReferences', untrusted);
    assert.equal(verify?.why, 'Verifying references online is off in an untrusted workspace: trust the workspace first.');
    // Trusted, both run.
    assert.equal(unmetRequirement('citescribe.findAbstractsOnline', READY), undefined);
    assert.equal(unmetRequirement('citescribe.verifyReferences', READY), undefined);
  });

  it('Suggest Citation before the library can answer: index it first (a warning)', () => {
    const unindexed = unmetRequirement('citescribe.suggestCitation', { ...READY, libraryAnswers: false });
    assert.equal(unindexed?.why, 'the library is not indexed yet — run "CiteScribe: Index Library" first.');
    assert.equal(unindexed?.severity, 'warning');
    assert.equal(unmetRequirement('citescribe.suggestCitation', READY), undefined);
  });

  it('with no document and no index, the document is asked for first, in each command\'s words', () => {
    const bare: CommandState = { trusted: true, libraryAnswers: false, citingEditor: false };
    assert.equal(unmetRequirement('citescribe.suggestCitation', bare)?.why, 'open a LaTeX or Markdown document and put the cursor in a sentence.');
    assert.equal(unmetRequirement('citescribe.checkCitations', bare)?.why, 'open a LaTeX or Markdown document to check its citations.');
  });

  it('reads only what it needs: no index is opened to tell the user a document is missing', () => {
    // A getter that throws stands for state the check must not read (libraryAnswers opens the database).
    const probe = (known: Partial<CommandState>): CommandState =>
      new Proxy(known as CommandState, {
        get: (target, name: string) => {
          if (name in target) return target[name as keyof CommandState];
          throw new Error(`read ${name}`);
        },
      });
    assert.equal(unmetRequirement('citescribe.checkCitations', probe({ citingEditor: false }))?.why, 'open a LaTeX or Markdown document to check its citations.');
    assert.equal(unmetRequirement('citescribe.findAbstractsOnline', probe({ trusted: true })), undefined);
    // Describe, Draft and Search index the library themselves when it is not ready: nothing stops them.
    assert.equal(unmetRequirement('citescribe.citationSentence', probe({})), undefined);
    assert.equal(unmetRequirement('citescribe.draftRelatedWork', probe({})), undefined);
    assert.equal(unmetRequirement('citescribe.searchLibrary', probe({})), undefined);
  });
});
