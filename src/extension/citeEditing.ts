// What a researcher does with citations a hundred times a day, registered in one place: `\cite` completion, Go to
// Definition, Find All References, Rename, the .bib outline, and undefined / unused keys in the Problems panel.
import * as vscode from 'vscode';
import type { LibraryService } from './library';
import type { EmbedTexts } from '../core/types';
import { CiteCompletionProvider, CiteDefinitionProvider, type RecentCitations } from './citeCompletion';
import { BIB_DOCUMENTS, BibSymbols, CiteReferences } from './bibNavigation';
import { KeyRename } from './keyRename';
import { UndefinedKeyDiagnostics, UnknownKeyActions } from './undefinedKeys';
import { UnusedEntryDiagnostics } from './unusedEntries';

export const CITING_DOCUMENTS: vscode.DocumentSelector = [
  { language: 'latex' },
  { language: 'tex' },
  { language: 'markdown' },
  { pattern: '**/*.tex' },
];

const CITING_AND_BIB = [...(CITING_DOCUMENTS as vscode.DocumentFilter[]), ...(BIB_DOCUMENTS as vscode.DocumentFilter[])];

/**
 * `recent`: the keys cited lately, which the completion offers first (the command that notes them is in
 * commands/cite.ts); `embedder`: the embedding model that also ranks the completion by meaning, when one is set.
 */
export function registerCiteEditing(library: LibraryService, recent: RecentCitations, embedder?: () => EmbedTexts | undefined, log?: (line: string) => void): vscode.Disposable[] {
  const completion = new CiteCompletionProvider(library, recent, embedder, log);
  return [
    completion,
    vscode.languages.registerCompletionItemProvider(CITING_DOCUMENTS, completion, '{', ',', '@'),
    vscode.languages.registerDefinitionProvider(CITING_DOCUMENTS, new CiteDefinitionProvider(library)),
    vscode.languages.registerDocumentSymbolProvider(BIB_DOCUMENTS, new BibSymbols()),
    vscode.languages.registerReferenceProvider(CITING_AND_BIB, new CiteReferences()),
    vscode.languages.registerRenameProvider(CITING_AND_BIB, new KeyRename(library)),
    vscode.languages.registerCodeActionsProvider(CITING_DOCUMENTS, new UnknownKeyActions(library), { providedCodeActionKinds: UnknownKeyActions.kinds }),
    new UndefinedKeyDiagnostics(library),
    new UnusedEntryDiagnostics(library),
  ];
}
