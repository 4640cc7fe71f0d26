// The argument each command takes, declared once. The command's handler is typed by it (commands/index.ts), and so is
// everyone who passes one: a CodeLens, a code action, a hover link, the draft panel, another command. A lens that
// passed `{ keys, paragraphs: 1 }` to Draft Related Work, which reads only `keys`, no longer compiles.
// No `vscode` at run time here (types only): the unit tests load this file without an editor.
import type { Uri } from 'vscode';

/** Search Library: what to type into the search box; a quick fix also names the unknown key the choice replaces. */
export interface SearchLibraryArgs {
  query?: string;
  /** Offsets in the document `uri` (a string, as `Uri.toString()` writes it) of the key to replace. */
  replaceRange?: { uri: string; start: number; end: number };
}

/**
 * Citation Sentence: the key to describe, or keys to choose one from (a cite with several). From a CodeLens also the
 * document and its citing line, below which Insert puts the sentence (e.g. `{ key: 'doe2020', uri, line: 41 }`).
 */
export interface CitationSentenceArgs {
  key?: string;
  keys?: string[];
  uri?: string;
  line?: number;
}

/** Draft Related Work: the works to draft from; without them the section at the cursor's, or a pick. */
export interface DraftRelatedWorkArgs {
  keys?: string[];
}

/** Score Draft: the reference to score against (a document's URI string, or the library's citation sentences). */
export interface ScoreDraftArgs {
  referenceUri?: string;
  reference?: 'library';
}

/** Open Source: a PDF (at a page where the viewer supports #page), a .bib file at a line, or a key's .bib entry. */
export interface OpenSourceArgs {
  pdfPath?: string;
  page?: number;
  bibFile?: string;
  line?: number;
  key?: string;
}

/** Find Abstracts Online: the keys to look up; without them the active document's, else the whole library's. */
export interface FindAbstractsArgs {
  keys?: string[];
}

/**
 * Every command by id, with the one argument it takes (`void`: none). A command absent here cannot be registered or
 * called through `commandCall`/`commandUri`/`runCommand`.
 */
export interface CommandArgs {
  'citescribe.indexLibrary': void;
  'citescribe.searchLibrary': SearchLibraryArgs;
  'citescribe.openSource': OpenSourceArgs;
  'citescribe.openSample': void;
  'citescribe.citationSentence': CitationSentenceArgs;
  /** From a completion item: the key just inserted, so the next completion offers it first. */
  'citescribe.rememberCitation': string;
  'citescribe.draftRelatedWork': DraftRelatedWorkArgs;
  'citescribe.openDraftPanel': void;
  'citescribe.scoreDraft': ScoreDraftArgs;
  'citescribe.selectModel': void;
  'citescribe.suggestCitation': void;
  'citescribe.checkCitations': void;
  /** From the explorer's context menu: the .bib file clicked; from the palette: nothing (the active editor's). */
  'citescribe.verifyReferences': Uri;
  'citescribe.findAbstractsOnline': FindAbstractsArgs;
  'citescribe.showGrounding': void;
  'citescribe.readZotero': void;
}

export type CommandId = keyof CommandArgs;

/** What a caller passes after the id: nothing for a command without an argument, else its one argument. */
export type CommandArgList<Id extends CommandId> = CommandArgs[Id] extends void ? [] : [arg: CommandArgs[Id]];

/** A command with its argument, as `vscode.Command` (a CodeLens, a code action, a completion item) carries it. */
interface CommandCall<Id extends CommandId> {
  command: Id;
  arguments: CommandArgList<Id>;
}

/** `{ command, arguments }` for a CodeLens or a code action: `{ title, ...commandCall('citescribe.searchLibrary', { query }) }`. */
export function commandCall<Id extends CommandId>(command: Id, ...arg: CommandArgList<Id>): CommandCall<Id> {
  return { command, arguments: arg };
}

/**
 * A `command:` link for a Markdown hover. The argument travels as JSON: `command:citescribe.openSource?` followed by
 * the encoded `[{"pdfPath":"/p/a.pdf","page":3}]`, which VS Code decodes into the command's one argument.
 */
export function commandUri<Id extends CommandId>(command: Id, ...arg: CommandArgList<Id>): string {
  return `command:${command}?${encodeURIComponent(JSON.stringify(arg))}`;
}
