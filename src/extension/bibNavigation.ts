// The .bib side of navigation: an outline of a .bib file's entries (Outline view, breadcrumbs, Go to Symbol), and
// Find All References of a key, from its .bib entry or from a citation, across the workspace's .tex and .md files,
// open or not.
import * as vscode from 'vscode';
import { parseBibtex } from '../core/bibtex';
import { parseCitations, PositionMapper } from '../core/cites';
import { citeLanguage, keyAt } from './citesInDocument';

/** The .bib files, whatever language mode an extension gave them ('bibtex' with LaTeX Workshop, plain text without). */
export const BIB_DOCUMENTS: vscode.DocumentSelector = [{ language: 'bibtex' }, { pattern: '**/*.bib' }];
const CITING_GLOB = '**/*.{tex,md,markdown,rmd,qmd}';
const IGNORED = '**/{node_modules,.git,.vscode-test,out,dist}/**';

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

/** The key under the cursor: in a citation, or the key of the .bib entry whose header line the cursor is on. */
function keyUnderCursor(doc: vscode.TextDocument, pos: vscode.Position): string | undefined {
  if (citeLanguage(doc)) return keyAt(doc, pos)?.key;
  const m = /^\s*@\s*[A-Za-z]+\s*[{(]\s*([^,\s]+)\s*,/.exec(doc.lineAt(pos.line).text);
  return m?.[1];
}

export class CiteReferences implements vscode.ReferenceProvider {
  async provideReferences(doc: vscode.TextDocument, pos: vscode.Position, _context: vscode.ReferenceContext, token: vscode.CancellationToken): Promise<vscode.Location[]> {
    const key = keyUnderCursor(doc, pos);
    if (!key) return [];
    const open = new Map(vscode.workspace.textDocuments.map((d) => [d.uri.toString(), d]));
    const locations: vscode.Location[] = [];
    for (const uri of await vscode.workspace.findFiles(CITING_GLOB, IGNORED, 10_000, token)) {
      if (token.isCancellationRequested) break;
      // An open document's text is what the author sees, saved or not.
      const openDoc = open.get(uri.toString());
      const text = openDoc ? openDoc.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      const language = /\.tex$/i.test(uri.path) ? 'latex' : 'markdown';
      const mapper = openDoc ? undefined : new PositionMapper(text);
      const position = (offset: number) => {
        if (openDoc) return openDoc.positionAt(offset);
        const p = mapper!.positionAt(offset);
        return new vscode.Position(p.line, p.character);
      };
      for (const cite of parseCitations(text, language)) {
        for (const k of cite.keys) if (k.key === key) locations.push(new vscode.Location(uri, new vscode.Range(position(k.start), position(k.end))));
      }
    }
    return locations;
  }
}
