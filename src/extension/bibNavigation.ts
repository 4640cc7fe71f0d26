// The .bib side of navigation: an outline of a .bib file's entries (Outline view, breadcrumbs, Go to Symbol), and
// Find All References of a key, from its .bib entry or from a citation, across the workspace's .tex and .md files,
// open or not.
import * as vscode from 'vscode';
import { parseBibtex } from '../core/bibtex';
import { parseCitations, PositionMapper, type CiteLanguage } from '../core/cites';
import { bibKeyAt } from '../core/cites/bib-keys';
import { citeLanguage, keyAt } from './citesInDocument';

/** The .bib files, whatever language mode an extension gave them ('bibtex' with LaTeX Workshop, plain text without). */
export const BIB_DOCUMENTS: vscode.DocumentSelector = [{ language: 'bibtex' }, { pattern: '**/*.bib' }];
export const CITING_GLOB = '**/*.{tex,md,markdown,rmd,qmd}';
export const BIB_GLOB = '**/*.bib';
export const IGNORED_FOLDERS = '**/{node_modules,.git,.vscode-test,out,dist}/**';

/** A workspace file as the author sees it: an open document's text, saved or not, else the file on disk. */
export interface WorkspaceText {
  uri: vscode.Uri;
  text: string;
  language: CiteLanguage | 'bib';
  /** Offset → position in that text. */
  positionAt(offset: number): vscode.Position;
}

/** The workspace's files matching a glob (10,000 at most), each read once. */
export async function readWorkspaceTexts(glob: string, token?: vscode.CancellationToken): Promise<WorkspaceText[]> {
  const open = new Map(vscode.workspace.textDocuments.map((d) => [d.uri.toString(), d]));
  const out: WorkspaceText[] = [];
  for (const uri of await vscode.workspace.findFiles(glob, IGNORED_FOLDERS, 10_000, token)) {
    if (token?.isCancellationRequested) break;
    out.push(await workspaceText(uri, open.get(uri.toString())));
  }
  return out;
}

/** The open document of a URI, if any: its text is what the author sees, saved or not. */
export function openDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
  const id = uri.toString();
  return vscode.workspace.textDocuments.find((d) => d.uri.toString() === id);
}

/** `openDoc`: the URI's open document, or undefined when it is not open (the file is read from disk). */
export async function workspaceText(uri: vscode.Uri, openDoc: vscode.TextDocument | undefined): Promise<WorkspaceText> {
  const language = /\.bib$/i.test(uri.path) ? 'bib' : /\.tex$/i.test(uri.path) ? 'latex' : 'markdown';
  if (openDoc) return { uri, text: openDoc.getText(), language, positionAt: (o) => openDoc.positionAt(o) };
  const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  const mapper = new PositionMapper(text);
  return {
    uri,
    text,
    language,
    positionAt: (o) => {
      const p = mapper.positionAt(o);
      return new vscode.Position(p.line, p.character);
    },
  };
}

export class BibSymbols implements vscode.DocumentSymbolProvider {
  provideDocumentSymbols(doc: vscode.TextDocument): vscode.DocumentSymbol[] {
    const entries = parseBibtex(doc.getText(), doc.fileName).entries;
    return entries.map((e, i) => {
      const startLine = Math.max(0, e.line - 1);
      const endLine = Math.max(startLine, (entries[i + 1]?.line ?? doc.lineCount + 1) - 2);
      const range = new vscode.Range(startLine, 0, endLine, doc.lineAt(Math.min(endLine, doc.lineCount - 1)).text.length);
      const keyAt = doc.lineAt(startLine).text.indexOf(e.key);
      const selection = keyAt >= 0 ? new vscode.Range(startLine, keyAt, startLine, keyAt + e.key.length) : range;
      return new vscode.DocumentSymbol(e.key, `@${e.type} ${e.title}`.trim(), vscode.SymbolKind.Field, range, selection);
    });
  }
}

/**
 * The key under the cursor and its range: in a citation, or in a .bib file on an entry's key, an `ids` alias or a key
 * that `crossref`/`xdata`/`related` names.
 */
export function keyUnderCursor(doc: vscode.TextDocument, pos: vscode.Position): { key: string; range: vscode.Range } | undefined {
  if (citeLanguage(doc)) {
    const hit = keyAt(doc, pos);
    if (!hit) return undefined;
    // Pandoc's `@{key}` spans its braces; the key itself is inside.
    const start = doc.getText(hit.range).indexOf(hit.key);
    const from = hit.range.start.translate(0, Math.max(0, start));
    return { key: hit.key, range: new vscode.Range(from, from.translate(0, hit.key.length)) };
  }
  const span = bibKeyAt(doc.getText(), doc.offsetAt(pos));
  return span && { key: span.key, range: new vscode.Range(doc.positionAt(span.start), doc.positionAt(span.end)) };
}

export class CiteReferences implements vscode.ReferenceProvider {
  async provideReferences(doc: vscode.TextDocument, pos: vscode.Position, _context: vscode.ReferenceContext, token: vscode.CancellationToken): Promise<vscode.Location[]> {
    const key = keyUnderCursor(doc, pos)?.key;
    if (!key) return [];
    const locations: vscode.Location[] = [];
    for (const file of await readWorkspaceTexts(CITING_GLOB, token)) {
      if (file.language === 'bib') continue;
      for (const cite of parseCitations(file.text, file.language)) {
        for (const k of cite.keys) if (k.key === key) locations.push(new vscode.Location(file.uri, new vscode.Range(file.positionAt(k.start), file.positionAt(k.end))));
      }
    }
    return locations;
  }
}
