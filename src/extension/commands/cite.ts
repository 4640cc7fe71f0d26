// Citation Sentence for Key ("✎ Describe" above a cite): one sentence describing a cited work, written by the
// configured engine, with Insert, Copy and Open Source; and the completion's note of the key just cited.
import * as vscode from 'vscode';
import type { CitationSentence, CiteSyntax } from '../../core/types';
import { findAnchor, type TextAnchor } from '../../core/text/anchor';
import { documentCiteSyntax, keyAt } from '../citesInDocument';
import { anchorOf } from '../draftView';
import { withCancellableProgress } from '../progress';
import { readSettings } from '../settings';
import type { CitationSentenceArgs } from './args';
import { ensureLibrary, pickKeys } from './library';
import type { CommandContext } from './registry';
import { runCommand } from './run';

export function syntaxFor(doc: vscode.TextDocument | undefined): CiteSyntax {
  return doc ? documentCiteSyntax(doc) : 'cite';
}

/** The key to describe: the one given, one of several chosen, the one at the cursor, or one picked from the library. */
async function keyToDescribe(ctx: CommandContext, arg: CitationSentenceArgs | undefined, editor: vscode.TextEditor | undefined): Promise<string | undefined> {
  let key = arg?.key;
  if (!key && arg?.keys?.length) key = (await vscode.window.showQuickPick(arg.keys, { title: 'Describe which key?' })) ?? undefined;
  if (!key && editor && !arg) key = keyAt(editor.document, editor.selection.active)?.key;
  if (!key && !arg?.keys) key = (await pickKeys(ctx.library, 'Citation sentence for…', false))?.[0];
  return key;
}

/** Where a sentence asked for from a CodeLens goes: the end of the citing line, remembered before it is written. */
function lensAnchor(doc: vscode.TextDocument | undefined, line: number | undefined): TextAnchor | undefined {
  if (!doc || line === undefined || line >= doc.lineCount) return undefined;
  const range = doc.lineAt(line).range;
  return anchorOf(doc, range.with({ start: range.end }));
}

export function citationSentence(ctx: CommandContext) {
  return async (arg?: CitationSentenceArgs) => {
    const { library, engines } = ctx;
    await ensureLibrary(library);
    const editor = vscode.window.activeTextEditor;
    const key = await keyToDescribe(ctx, arg, editor);
    if (!key) return undefined;
    if (!library.hasKey(key)) throw new Error(`'${key}' is not in the library: nothing is written for an unknown key.`);
    const doc = arg?.uri ? await vscode.workspace.openTextDocument(vscode.Uri.parse(arg.uri)) : editor?.document;
    // Where the sentence goes, remembered now: the author may edit the document while it is being written.
    const target = { doc, startVersion: doc?.version, anchor: lensAnchor(doc, arg?.line) };
    const engine = await engines.get({ trusted: vscode.workspace.isTrusted });
    const result = await withCancellableProgress(`CiteScribe: describing ${key}`, (_progress, signal) => {
      const request = { key, style: 'citation' as const, syntax: syntaxFor(doc), tense: readSettings(doc?.uri).tense };
      return engine.citationSentence(request, library, { signal });
    });
    const flags = result.flags.length ? ` [${result.flags.join('; ')}]` : '';
    const action = await vscode.window.showInformationMessage(`${result.text}${flags}`, 'Insert', 'Copy', 'Open Source');
    if (action === 'Insert' && doc) await insertSentence(result.text, { ...target, doc });
    else if (action === 'Copy') await vscode.env.clipboard.writeText(result.text);
    else if (action === 'Open Source') await openSourceOf(ctx, key, result);
    return result;
  };
}

/**
 * Insert: from a CodeLens, on its own line below the citing line (found again if lines moved while it was written);
 * otherwise in place of the selection. What cannot be inserted is left on the clipboard, and the user told.
 */
async function insertSentence(text: string, target: { doc: vscode.TextDocument; startVersion?: number; anchor?: TextAnchor }) {
  const { doc, startVersion, anchor } = target;
  const editor = await vscode.window.showTextDocument(doc);
  let applied: boolean;
  if (anchor) {
    const found = doc.version === startVersion ? { start: anchor.start } : findAnchor(doc.getText(), anchor);
    if (!found) {
      await vscode.env.clipboard.writeText(text);
      throw new Error(`The citing line changed while the sentence was written, so it was not inserted; it is on the clipboard.`);
    }
    const end = doc.positionAt(found.start);
    applied = await editor.edit((b) => b.insert(end, `\n${text}`));
  } else {
    applied = await editor.edit((b) => b.replace(editor.selection, text));
  }
  if (!applied) {
    await vscode.env.clipboard.writeText(text);
    throw new Error(`Could not edit ${vscode.workspace.asRelativePath(doc.uri)}; the sentence is on the clipboard.`);
  }
}

/** Open Source: the PDF page the sentence came from, else the work's .bib entry. */
async function openSourceOf(ctx: CommandContext, key: string, result: CitationSentence) {
  const source = result.spans.find((s) => s.source)?.source;
  if (source?.pdfPath) {
    await runCommand('citescribe.openSource', { pdfPath: source.pdfPath, page: source.page });
    return;
  }
  const paper = ctx.library.getPaper(key);
  await runCommand('citescribe.openSource', { bibFile: paper?.bibFile, line: paper?.bibLine });
}

/** From a completion item: the key just inserted, offered first next time. */
export function rememberCitation({ recentCitations }: CommandContext) {
  return (key?: string) => (typeof key === 'string' ? recentCitations.remember(key) : undefined);
}
