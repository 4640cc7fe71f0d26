// `\cite{…}` and `[@…]` completion, and Go to Definition of a cited key. Before anything is typed the works that fit
// the sentence being written come first (a BM25 query of its words over titles, abstracts and linked PDF text);
// then VS Code filters by what is typed, over a filter text that holds the key, every author, the year and the title.
import * as vscode from 'vscode';
import type { EntrySummary } from '../core/library/store';
import {
  citeCompletionContext,
  completionEntries,
  completionFilterText,
  orderCandidates,
  rankingTerms,
  sentenceAround,
  type CompletionCandidate,
  type CompletionEntry,
} from '../core/cites/completion';
import { escapeMarkdown } from '../core/text/markdown';
import type { LibraryService } from './library';
import { rankKeysWithEmbeddings } from '../core/suggest/embedding-rank';
import type { EmbedTexts } from '../core/types';
import { citeLanguage, keyAt } from './citesInDocument';
import { formatAuthors } from './format';
import { readSettings } from './settings';
import type { CiteScribeSettings } from './settings-values';
import { commandCall } from './commands/args';

/** How many context-ranked works lead the list. */
const RANKED = 20;
/**
 * Past this many entries a list is cut to what the typed letters can match (incomplete, asked again as the user
 * types): VS Code copies every item to the window, and 50,000 items cost more than a keystroke should.
 */
const LIST_CAP = 2000;
/** A ranking query slower than this pauses ranking for a while: the list then comes unranked, at once. */
const SLOW_RANKING_MS = 60;
const RANKING_PAUSE_MS = 60_000;
/**
 * The longest a completion list waits for the embedding model's ranking; past it the list comes ranked by words and
 * the model goes on in the background (embedding the library the first time), so a later list has its meaning.
 */
const MEANING_WAIT_MS = 300;

/** What an entry's item shows and is filtered by: built once per library change, not on every request. */
interface EntryItemParts extends CompletionEntry {
  description: string;
}

/** An item that knows its entry, so its documentation is written only when VS Code shows it (resolve). */
class EntryCompletionItem extends vscode.CompletionItem {
  constructor(
    readonly parts: EntryItemParts,
    readonly candidate: CompletionCandidate,
  ) {
    super({ label: candidate.insert, description: candidate.insert === parts.key ? parts.description : `alias of ${parts.key}` }, vscode.CompletionItemKind.Reference);
  }
}

export class CiteCompletionProvider implements vscode.CompletionItemProvider<EntryCompletionItem>, vscode.Disposable {
  /** Items' fixed parts as of the last library change: a keystroke never waits for a full table read. */
  private parts: EntryItemParts[] | undefined;
  private rankingPausedUntil = 0;
  /** Whether the embedding model is ranking a sentence now (withMeaning). */
  private meaningInFlight = false;
  private rebuild: NodeJS.Timeout | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly library: LibraryService,
    private readonly recent: RecentCitations,
    /** The embedding model (citescribe.embeddings.*), when one is set and may be loaded. */
    private readonly embedder: () => EmbedTexts | undefined = () => undefined,
    /** Where a failing embedding model is noted (the log: a completion list is no place for a warning). */
    private readonly log: (line: string) => void = () => undefined,
  ) {
    // Rebuilt soon after a library change rather than on the next keystroke (300 ms at 50,000 entries).
    this.subscription = library.onDidChange(() => {
      this.parts = undefined;
      clearTimeout(this.rebuild);
      this.rebuild = setTimeout(() => library.answers && this.entryParts(), 500);
    });
  }

  dispose() {
    clearTimeout(this.rebuild);
    this.subscription.dispose();
  }

  private entryParts(): EntryItemParts[] {
    return (this.parts ??= completionEntries(this.library.getStore().listEntries().map(entryParts)));
  }

  provideCompletionItems(doc: vscode.TextDocument, pos: vscode.Position): vscode.CompletionList<EntryCompletionItem> | Promise<vscode.CompletionList<EntryCompletionItem>> | undefined {
    const language = citeLanguage(doc);
    if (!language || !this.library.answers) return undefined;
    const text = doc.getText();
    const offset = doc.offsetAt(pos);
    const context = citeCompletionContext(text, offset, language);
    if (!context) return undefined;
    const settings = readSettings(doc.uri);
    const ranked = settings.completionContextRanking ? this.rank(text, offset) : [];
    const embed = settings.completionContextRanking ? this.embedder() : undefined;
    if (!embed) return this.list(doc, pos, context, ranked, settings);
    return this.withMeaning(sentenceAround(text, offset), ranked, embed).then((fused) => this.list(doc, pos, context, fused, settings));
  }

  /**
   * The words' ranking fused with the embedding model's (RRF, embedding-rank.ts), or the words' alone when the model
   * takes longer than MEANING_WAIT_MS; a failing model is noted in the log once per failure, and the words rank.
   */
  private withMeaning(sentence: string, byWords: string[], embed: EmbedTexts): Promise<string[]> {
    // One ranking at a time: the first embeds the whole library (minutes on a CPU), and every keystroke meanwhile
    // would start embedding it again.
    if (this.meaningInFlight) return Promise.resolve(byWords);
    this.meaningInFlight = true;
    const fused = rankKeysWithEmbeddings(this.library.getStore(), sentence, byWords, RANKED, { embed, onNote: (note) => this.log(note) })
      .catch(() => byWords)
      .finally(() => (this.meaningInFlight = false));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string[]>((resolve) => (timer = setTimeout(() => resolve(byWords), MEANING_WAIT_MS)));
    return Promise.race([fused, late]).finally(() => clearTimeout(timer));
  }

  private list(
    doc: vscode.TextDocument,
    pos: vscode.Position,
    context: NonNullable<ReturnType<typeof citeCompletionContext>>,
    ranked: string[],
    settings: CiteScribeSettings,
  ): vscode.CompletionList<EntryCompletionItem> {
    const parts = this.entryParts();
    const { candidates, incomplete } = orderCandidates(parts, {
      ranked,
      recent: this.recent.keys(),
      taken: new Set(context.keysInCommand),
      typed: context.typed,
      aliasItems: !settings.completionCanonicalKeys,
      cap: LIST_CAP,
    });
    const range = new vscode.Range(doc.positionAt(context.keyStart), pos);
    const items = candidates.map((c) => {
      const entry = parts[c.index];
      const item = new EntryCompletionItem(entry, c);
      item.range = range;
      item.insertText = c.insert;
      item.filterText = c.insert === entry.key ? entry.filterText : `${c.insert} ${entry.filterText}`;
      item.sortText = c.sortText;
      if (c.rank === 0) item.preselect = true;
      item.command = { title: 'Remember the citation', ...commandCall('citescribe.rememberCitation', entry.key) };
      return item;
    });
    // Complete lists are filtered by VS Code as the user types, over our sort order; a cut list is asked for again.
    return new vscode.CompletionList(items, incomplete);
  }

  /** The keys that fit the sentence around the cursor, unless ranking was slow lately (then none: the list comes at once). */
  private rank(text: string, offset: number): string[] {
    if (Date.now() < this.rankingPausedUntil) return [];
    const started = performance.now();
    const ranked = this.library.getStore().rankByWords(rankingTerms(sentenceAround(text, offset)), RANKED);
    if (performance.now() - started > SLOW_RANKING_MS) this.rankingPausedUntil = Date.now() + RANKING_PAUSE_MS;
    return ranked;
  }

  resolveCompletionItem(item: EntryCompletionItem): EntryCompletionItem {
    // Read when VS Code shows the item: the list keeps only what it filters and sorts by (a third of the memory).
    const e = this.library.answers ? this.library.getPaper(item.parts.key) : undefined;
    if (!e) return item;
    const md = new vscode.MarkdownString(undefined, false);
    md.appendMarkdown(`**${escapeMarkdown(e.title || e.key)}**\n\n`);
    const meta = [formatAuthors(e.authors), e.year, e.venue].filter(Boolean).join(' · ');
    if (meta) md.appendMarkdown(escapeMarkdown(meta));
    if (item.parts.aliases.length) md.appendMarkdown(`\n\nalso cited as ${item.parts.aliases.map((a) => `\`${a}\``).join(', ')}`);
    if (item.candidate.rank !== undefined) md.appendMarkdown(`\n\n*fits the sentence you are writing (#${item.candidate.rank + 1})*`);
    else if (item.candidate.recent) md.appendMarkdown('\n\n*cited lately*');
    item.documentation = md;
    return item;
  }
}

/** Keys cited lately through completion, latest first, kept per workspace. */
export class RecentCitations {
  private static readonly STATE_KEY = 'citescribe.recentCitations';
  private static readonly MAX = 50;

  constructor(private readonly state: vscode.Memento) {}

  keys(): string[] {
    return this.state.get<string[]>(RecentCitations.STATE_KEY, []);
  }

  remember(key: string): Thenable<void> {
    const keys = [key, ...this.keys().filter((k) => k !== key)].slice(0, RecentCitations.MAX);
    return this.state.update(RecentCitations.STATE_KEY, keys);
  }
}

function entryParts(e: EntrySummary): Omit<EntryItemParts, 'folded'> {
  const first = e.authors[0];
  const who = first ? `${first.family || first.literal}${e.authors.length > 1 ? ' et al.' : ''}` : '';
  return {
    key: e.key,
    aliases: e.aliases ?? [],
    description: [who, e.year, shortTitle(e.title)].filter(Boolean).join(', '),
    filterText: completionFilterText({ key: e.key, authors: e.authors, year: e.year, title: e.title, venue: e.venue, aliases: e.aliases }),
  };
}

function shortTitle(title: string): string {
  return title.length > 60 ? `${title.slice(0, 57)}…` : title;
}

/** Go to Definition / Peek on a cited key: its entry in every .bib file that defines it. */
export class CiteDefinitionProvider implements vscode.DefinitionProvider {
  constructor(private readonly library: LibraryService) {}

  provideDefinition(doc: vscode.TextDocument, pos: vscode.Position): vscode.Location[] | undefined {
    const hit = keyAt(doc, pos);
    if (!hit || !this.library.answers) return undefined;
    return this.library
      .getStore()
      .entryLocations(hit.key)
      .map((l) => new vscode.Location(vscode.Uri.file(l.file), new vscode.Position(Math.max(0, l.line - 1), 0)));
  }
}
