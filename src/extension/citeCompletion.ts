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

/** What an entry's item shows and is filtered by: built once per library change, not on every request. */
interface EntryItemParts {
  entry: EntrySummary;
  label: vscode.CompletionItemLabel;
  filterText: string;
}

/** An item that knows its entry, so its documentation is written only when VS Code shows it (resolve). */
class EntryCompletionItem extends vscode.CompletionItem {
  constructor(
    readonly parts: EntryItemParts,
    /** Place in the context ranking, or undefined. */
    readonly rank: number | undefined,
  ) {
    super(parts.label, vscode.CompletionItemKind.Reference);
  }
}

export class CiteCompletionProvider implements vscode.CompletionItemProvider<EntryCompletionItem> {
  /** Items' fixed parts as of the last library change: a keystroke never waits for a full table read. */
  private parts: EntryItemParts[] | undefined;

  constructor(private readonly library: LibraryService) {
    library.onDidChange(() => (this.parts = undefined));
  }

  provideCompletionItems(doc: vscode.TextDocument, pos: vscode.Position): vscode.CompletionList<EntryCompletionItem> | undefined {
    const language = citeLanguage(doc);
    // While an index run is under way (opening a document can start one) the store still answers from what it has.
    if (!language || !usable(this.library)) return undefined;
    const text = doc.getText();
    const offset = doc.offsetAt(pos);
    const context = citeCompletionContext(text, offset, language);
    if (!context) return undefined;
    const store = this.library.getStore();
    this.parts ??= store.listEntries().map(entryParts);
    const ranked = readSettings(doc.uri).completionContextRanking ? store.rankByWords(rankingTerms(sentenceAround(text, offset)), RANKED) : [];
    const rank = new Map(ranked.map((key, i) => [key, i]));
    const range = new vscode.Range(doc.positionAt(context.keyStart), pos);
    const taken = new Set(context.keysInCommand);
    const items: EntryCompletionItem[] = [];
    for (const parts of this.parts) {
      const key = parts.entry.key;
      if (taken.has(key)) continue;
      const r = rank.get(key);
      const item = new EntryCompletionItem(parts, r);
      item.range = range;
      item.insertText = key;
      item.filterText = parts.filterText;
      item.sortText = r !== undefined ? `0${String(r).padStart(3, '0')}` : `1${key.toLowerCase()}`;
      if (r === 0) item.preselect = true;
      items.push(item);
    }
    // Not incomplete: VS Code filters this list as the user types, over our sort order.
    return new vscode.CompletionList(items, false);
  }

  resolveCompletionItem(item: EntryCompletionItem): EntryCompletionItem {
    const e = item.parts.entry;
    const md = new vscode.MarkdownString(undefined, false);
    md.appendMarkdown(`**${escapeMarkdown(e.title || e.key)}**\n\n`);
    const meta = [formatAuthors(e.authors), e.year, e.venue].filter(Boolean).join(' · ');
    if (meta) md.appendMarkdown(escapeMarkdown(meta));
    if (item.rank !== undefined) md.appendMarkdown(`\n\n*fits the sentence you are writing (#${item.rank + 1})*`);
    item.documentation = md;
    return item;
  }
}

function entryParts(e: EntrySummary): EntryItemParts {
  const first = e.authors[0];
  const who = first ? `${first.family || first.literal}${e.authors.length > 1 ? ' et al.' : ''}` : '';
  return {
    entry: e,
    label: { label: e.key, description: [who, e.year, shortTitle(e.title)].filter(Boolean).join(', ') },
    filterText: completionFilterText({ key: e.key, authors: e.authors, year: e.year, title: e.title, venue: e.venue }),
  };
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
