// What a command needs before it can run, and the words that tell the user what is missing. A command whose needs
// are not met runs its disabled form, which says why (e.g. Suggest Citation before the first index: "the library is
// not indexed yet — run "CiteScribe: Index Library" first.") instead of failing halfway through.
// The needs are read from a snapshot of the editor's state, so this file has no `vscode` and is unit-tested as is.
import type { CommandId } from './args';

/** What the requirements look at, read when a command is invoked (getters: only what a requirement asks is read). */
export interface CommandState {
  /** The workspace is trusted: models, servers and online lookups are allowed. */
  readonly trusted: boolean;
  /** The library can answer queries: indexed, or being indexed again with entries already in it. */
  readonly libraryAnswers: boolean;
  /** The active editor shows a LaTeX or Markdown document (one that cites). */
  readonly citingEditor: boolean;
}

export interface Requirement {
  readonly met: (state: CommandState) => boolean;
  /** Shown as `CiteScribe: <why>` when unmet. */
  readonly why: string;
  readonly severity: 'error' | 'warning';
}

/** An online lookup: never from an untrusted workspace, whose settings could name any endpoint. */
function trustedWorkspace(lookup: string): Requirement {
  return { met: (s) => s.trusted, why: `${lookup} is off in an untrusted workspace: trust the workspace first.`, severity: 'error' };
}

/** A command that works on the sentence or the citations of the active document. */
export function citingEditor(why: string): Requirement {
  return { met: (s) => s.citingEditor, why, severity: 'warning' };
}

/** A command that reads the index and does not index by itself (the index can take minutes). */
const LIBRARY_ANSWERS: Requirement = {
  met: (s) => s.libraryAnswers,
  why: 'the library is not indexed yet — run "CiteScribe: Index Library" first.',
  severity: 'warning',
};

/** The online lookups, each in its own words. */
export const TRUSTED_TO_VERIFY = trustedWorkspace('Verifying references online');
const TRUSTED_TO_FIND_ABSTRACTS = trustedWorkspace('Finding abstracts online');

/**
 * What each command needs, in the order the user is told (Suggest Citation with no document open and no index: first
 * "open a LaTeX or Markdown document…"). A command not listed always runs; Search, Describe and Draft index the
 * library themselves when it is not ready (with progress), so they need nothing here.
 */
const REQUIREMENTS: { readonly [Id in CommandId]?: readonly Requirement[] } = {
  // Suggest and Check answer in a second from the index: they ask for it rather than start a run of minutes.
  'citescribe.suggestCitation': [citingEditor('open a LaTeX or Markdown document and put the cursor in a sentence.'), LIBRARY_ANSWERS],
  'citescribe.checkCitations': [citingEditor('open a LaTeX or Markdown document to check its citations.'), LIBRARY_ANSWERS],
  'citescribe.verifyReferences': [TRUSTED_TO_VERIFY],
  'citescribe.findAbstractsOnline': [TRUSTED_TO_FIND_ABSTRACTS],
};

/** The first requirement of the command not met now (the one the user has to fix first), or undefined: it can run. */
export function unmetRequirement(command: CommandId, state: CommandState): Requirement | undefined {
  return REQUIREMENTS[command]?.find((r) => !r.met(state));
}
