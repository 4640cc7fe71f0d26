// `\cite{…}` and `[@…]` completion, and Go to Definition of a cited key. Before anything is typed the works that fit
// the sentence being written come first (a BM25 query of its words over titles, abstracts and linked PDF text);
// then VS Code filters by what is typed, over a filter text that holds the key, every author, the year and the title.
import * as vscode from 'vscode';
import type { EntrySummary } from '../core/library/store';
import { citeCompletionContext, completionFilterText, rankingTerms, sentenceAround } from '../core/cites/completion';
import { escapeMarkdown } from '../core/text/markdown';
import type { LibraryService } from './library';
import { citeLanguage, keyAt } from './citesInDocument';
import { formatAuthors } from './format';
import { readSettings } from './settings';

/** How many context-ranked works lead the list. */
const RANKED = 20;

export class CiteCompletionProvider implements vscode.CompletionItemProvider {
  /** Entries as listed at the last library change: a keystroke never waits for a full table read. */
  private entries: EntrySummary[] | undefined;

  constructor(private readonly library: LibraryService) {
    library.onDidChange(() => (this.entries = undefined));
  }

  provideCompletionItems(doc: vscode.TextDocument, pos: vscode.Position): vscode.CompletionList | undefined {
    const language = citeLanguage(doc);
    // While an index run is under way (opening a document can start one) the store still answers from what it has.
    if (!language || !usable(this.library)) return undefined;
    const text = doc.getText();
    const offset = doc.offsetAt(pos);
    const context = citeCompletionContext(text, offset, language);
    if (!context) return undefined;
    const store = this.library.getStore();
    this.entries ??= store.listEntries();
    const ranked = readSettings(doc.uri).completionContextRanking ? store.rankByWords(rankingTerms(sentenceAround(text, offset)), RANKED) : [];
    const rank = new Map(ranked.map((key, i) => [key, i]));
    const range = new vscode.Range(doc.positionAt(context.keyStart), pos);
    const taken = new Set(context.keysInCommand);
    const items: vscode.CompletionItem[] = [];
    for (const e of this.entries) {
      if (taken.has(e.key)) continue;
      const first = e.authors[0];
      const who = first ? `${first.family || first.literal}${e.authors.length > 1 ? ' et al.' : ''}` : '';
      const item = new vscode.CompletionItem({ label: e.key, description: [who, e.year, shortTitle(e.title)].filter(Boolean).join(', ') }, vscode.CompletionItemKind.Reference);
      item.range = range;
      item.insertText = e.key;
      item.filterText = completionFilterText({ key: e.key, authors: e.authors, year: e.year, title: e.title, venue: e.venue });
      const r = rank.get(e.key);
      item.sortText = r !== undefined ? `0${String(r).padStart(3, '0')}` : `1${e.key.toLowerCase()}`;
      if (r === 0) item.preselect = true;
      const doc = new vscode.MarkdownString(undefined, false);
      doc.appendMarkdown(`**${escapeMarkdown(e.title || e.key)}**\n\n`);
      const meta = [formatAuthors(e.authors), e.year, e.venue].filter(Boolean).join(' · ');
      if (meta) doc.appendMarkdown(escapeMarkdown(meta));
      if (r !== undefined) doc.appendMarkdown(`\n\n*fits the sentence you are writing (#${r + 1})*`);
      item.documentation = doc;
      items.push(item);
    }
    // Not incomplete: VS Code filters this list as the user types, over our sort order.
    return new vscode.CompletionList(items, false);
  }
}

function usable(library: LibraryService): boolean {
  return library.state.kind === 'ready' || library.state.kind === 'indexing';
}

function shortTitle(title: string): string {
  return title.length > 60 ? `${title.slice(0, 57)}…` : title;
}

/** Go to Definition / Peek on a cited key: its entry in every .bib file that defines it. */
export class CiteDefinitionProvider implements vscode.DefinitionProvider {
  constructor(private readonly library: LibraryService) {}

  provideDefinition(doc: vscode.TextDocument, pos: vscode.Position): vscode.Location[] | undefined {
    const hit = keyAt(doc, pos);
    if (!hit || !usable(this.library)) return undefined;
    return this.library
      .getStore()
      .entryLocations(hit.key)
      .map((l) => new vscode.Location(vscode.Uri.file(l.file), new vscode.Position(Math.max(0, l.line - 1), 0)));
  }
}
