// What the library has to write from, for the document being written: the status bar's "31/39 grounded", the list
// of title-only works with their fixes, Find Abstracts Online (opt-in, never in an untrusted workspace), Read Zotero
// Library, and the code action that writes a found abstract into the .bib (the only edit ever made to a .bib).
import * as path from 'path';
import * as vscode from 'vscode';
import { fieldInsertion } from '../core/bibtex/insert-field';
import { SOURCE_LABELS } from '../core/enrich/labels';
import type { FoundSource } from '../core/library/store-types';
import { groundingReport, groundingSummary, type GroundingReport } from '../core/grounding/report';
import type { LibraryService } from './library';
import { citeLanguage, keysIn } from './citesInDocument';
import { readSettings } from './settings';
import { zoteroDirectory } from './zoteroSync';
import { gatedFetch } from '../core/enrich/policy';
import type { FetchLike } from '../core/enrich/http';

/** The keys a citing document cites, when the library can report on them (undefined: nothing to report). */
function citedKeysToReport(library: LibraryService, doc: vscode.TextDocument | undefined): string[] | undefined {
  if (!doc || !citeLanguage(doc) || !library.answers) return undefined;
  const keys = keysIn(doc);
  return keys.length ? keys : undefined;
}

/** The grounding of the keys a document cites (undefined: not a citing document, or the library cannot answer). */
export function documentGrounding(library: LibraryService, doc: vscode.TextDocument | undefined): GroundingReport | undefined {
  const keys = citedKeysToReport(library, doc);
  return keys && groundingReport(library.getStore(), keys, { zoteroConfigured: zoteroDirectory() !== undefined });
}

export class GroundingStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('citescribe.grounding', vscode.StatusBarAlignment.Left, 48);
  private readonly disposables: vscode.Disposable[] = [this.item];
  private timer: NodeJS.Timeout | undefined;
  /**
   * What the item shows now was computed for: the document and its cited keys. Typing that changes no citation
   * (nearly every keystroke) asks the library nothing; a library change or another document computes again.
   */
  private shownFor: string | undefined;

  constructor(private readonly library: LibraryService) {
    this.item.name = 'CiteScribe Grounding';
    this.item.command = 'citescribe.showGrounding';
    vscode.window.onDidChangeActiveTextEditor(() => this.update(), undefined, this.disposables);
    vscode.workspace.onDidChangeTextDocument(
      (e) => {
        if (e.document === vscode.window.activeTextEditor?.document) this.schedule();
      },
      undefined,
      this.disposables,
    );
    library.onDidChange(() => this.refresh(), undefined, this.disposables);
    this.update();
  }

  /** What the item says now (tests read it); empty while hidden. */
  get text(): string {
    return this.visible ? this.item.text : '';
  }

  private visible = false;

  private schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.update(), 500);
  }

  /** Computes again whatever the document: the library (or what was found for it) changed. */
  refresh() {
    this.shownFor = undefined;
    this.update();
  }

  private update() {
    const doc = vscode.window.activeTextEditor?.document;
    const keys = citedKeysToReport(this.library, doc);
    const signature = keys && `${doc!.uri.toString()}\n${keys.join('\n')}`;
    if (signature !== undefined && signature === this.shownFor) return;
    let report: GroundingReport | undefined;
    try {
      report = keys && groundingReport(this.library.getStore(), keys, { zoteroConfigured: zoteroDirectory() !== undefined });
    } catch {
      report = undefined; // the store is being rebuilt: the next change event refreshes
    }
    this.shownFor = report ? signature : undefined;
    if (!report) {
      this.item.hide();
      this.visible = false;
      return;
    }
    const titleOnly = report.counts['title-only'];
    this.item.text = `${titleOnly ? '$(warning)' : '$(book)'} ${report.grounded}/${report.total} grounded`;
    const tooltip = new vscode.MarkdownString(`**CiteScribe:** ${groundingSummary(report)}.`);
    if (titleOnly) tooltip.appendMarkdown(`\n\nThe engines can only name the title-only works. Click for the list and the fixes.`);
    this.item.tooltip = tooltip;
    this.item.show();
    this.visible = true;
  }

  dispose() {
    clearTimeout(this.timer);
    for (const d of this.disposables) d.dispose();
  }
}

/** What a lookup asks consent for: the question, what is sent where, and the button that agrees. */
export interface OnlineConsent {
  question: string;
  /** What is sent, given the services' names, and what is kept of the answers. */
  whatIsSent: (services: string) => string;
  button: string;
}

const FIND_ABSTRACTS_CONSENT: OnlineConsent = {
  question: 'Find abstracts online?',
  whatIsSent: (sources) =>
    `For each cited work without an abstract, CiteScribe sends its DOI, arXiv or ACL Anthology id — or, failing those, its title — to ${sources}. ` +
    'Nothing else of your documents or library is sent. What comes back is kept in the library index with its source and date; your .bib files are not changed. ',
  button: 'Turn On and Find',
};

/**
 * The first-use consent: what is sent where, before any request. One setting (citescribe.enrich.online) covers every
 * online lookup (Find Abstracts Online, Verify References), so the user turns it on or off in one place.
 */
export async function askToGoOnline(consent: OnlineConsent = FIND_ABSTRACTS_CONSENT): Promise<boolean> {
  const sources = readSettings().enrichSources.map((s) => SOURCE_LABELS[s as FoundSource] ?? s).join(', ');
  const answer = await vscode.window.showInformationMessage(
    consent.question,
    {
      modal: true,
      detail:
        consent.whatIsSent(sources) +
        'You can turn this off again with the setting citescribe.enrich.online.',
    },
    consent.button,
  );
  if (answer !== consent.button) return false;
  await vscode.workspace.getConfiguration('citescribe').update('enrich.online', true, vscode.ConfigurationTarget.Global);
  return true;
}

export interface FindAbstractsArgs {
  keys?: string[];
}

/** Keys to look up: those given, else those the active document cites, else the whole library. */
function keysToEnrich(arg: FindAbstractsArgs | undefined): string[] | undefined {
  if (arg?.keys?.length) return arg.keys;
  const doc = vscode.window.activeTextEditor?.document;
  if (doc && citeLanguage(doc)) {
    const keys = keysIn(doc);
    if (keys.length) return keys;
  }
  return undefined;
}

export function registerGrounding(context: vscode.ExtensionContext, library: LibraryService, status: GroundingStatus, log: vscode.LogOutputChannel): vscode.Disposable[] {
  const findAbstractsOnline = async (arg?: FindAbstractsArgs) => {
    // An untrusted workspace could name any endpoint: no request at all, whatever the settings say.
    if (!vscode.workspace.isTrusted) throw new Error('Finding abstracts online is off in an untrusted workspace: trust the workspace first.');
    if (!readSettings().enrichOnline && !(await askToGoOnline())) return undefined;
    if (library.state.kind !== 'ready') await library.index();
    const settings = readSettings();
    const keys = keysToEnrich(arg);
    const pdfFolder = settings.enrichDownloadPdfs ? path.join(context.globalStorageUri.fsPath, 'pdf-cache') : undefined;
    // The network part loads on first use: activation stays free of it.
    const { enrichLibrary } = await import('../core/enrich/enrich');
    const report = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'CiteScribe: finding abstracts online', cancellable: true },
      (progress, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        let last = 0;
        return enrichLibrary({
          store: library.getStore(),
          // Checked again at the socket: no request leaves an untrusted workspace or before the user turned lookups on.
          fetch: gatedFetch(globalThis.fetch as unknown as FetchLike, { trusted: vscode.workspace.isTrusted, enabled: readSettings().enrichOnline }),
          sources: settings.enrichSources as never,
          endpoints: settings.enrichEndpoints,
          ...(settings.enrichContact && { contact: settings.enrichContact }),
          ...(keys && { keys }),
          ...(pdfFolder && { pdfFolder }),
          signal: controller.signal,
          onProgress: (done, total, key) => {
            const percent = total ? Math.floor((done / total) * 100) : 0;
            progress.report({ message: key ? `${key} (${done + 1}/${total})` : undefined, increment: percent - last });
            last = percent;
          },
        });
      },
    );
    for (const p of report.problems) log.warn(`enrich: ${p}`);
    log.info(`enrich: ${report.found.length} of ${report.considered} found; not found: ${report.notFound.join(', ') || 'none'}; rejected: ${report.rejected.length}`);
    if (report.pdfs.length || report.found.length) await library.index();
    status.refresh();
    const found = `${report.found.length} of ${report.considered} work(s) without an abstract now have one`;
    const pdfs = report.pdfs.length ? `; ${report.pdfs.length} open-access PDF(s) downloaded` : '';
    const tail = report.cancelled ? ' (cancelled: what was found is kept)' : '';
    if (report.problems.length && !report.found.length) {
      void vscode.window.showWarningMessage(`CiteScribe: ${found}. ${report.problems[report.problems.length - 1]}`);
    } else void vscode.window.showInformationMessage(`CiteScribe: ${found}${pdfs}${tail}.`);
    return report;
  };

  const showGrounding = async () => {
    const report = documentGrounding(library, vscode.window.activeTextEditor?.document);
    if (!report) throw new Error('Open a .tex or Markdown document that cites works from the library.');
    type Item = vscode.QuickPickItem & { key?: string; action?: 'enrich' | 'zotero' };
    const titleOnly = report.lines.filter((l) => l.status === 'title-only');
    const items: Item[] = [
      ...(titleOnly.length
        ? [
            { label: `$(cloud-download) Find abstracts online for the ${titleOnly.length} title-only work(s)`, action: 'enrich' as const },
            { label: '$(library) Read Zotero library', action: 'zotero' as const },
          ]
        : []),
      ...report.lines.map((l) => ({
        key: l.key,
        label: `${l.status === 'title-only' ? '$(warning)' : l.status === 'missing' ? '$(error)' : l.status === 'pdf' ? '$(file-pdf)' : '$(note)'} ${l.key}`,
        description:
          l.status === 'abstract'
            ? `abstract from ${l.abstractFrom === 'bib' ? 'the .bib' : SOURCE_LABELS[l.abstractFrom as FoundSource]}`
            : l.status === 'pdf'
              ? 'PDF'
              : l.status === 'missing'
                ? 'not in the library'
                : 'title only',
        detail: l.fix ?? l.title,
      })),
    ];
    const picked = await vscode.window.showQuickPick(items, { title: `CiteScribe: ${groundingSummary(report)}`, matchOnDetail: true });
    if (!picked) return report;
    if (picked.action === 'enrich') await vscode.commands.executeCommand('citescribe.findAbstractsOnline', { keys: titleOnly.map((l) => l.key) });
    else if (picked.action === 'zotero') await vscode.commands.executeCommand('citescribe.readZotero');
    else if (picked.key) await vscode.commands.executeCommand('citescribe.openSource', { key: picked.key });
    return report;
  };

  const readZotero = async () => {
    const where = zoteroDirectory();
    if (!where) throw new Error('No Zotero library found: set citescribe.zotero.dataDirectory to your Zotero data directory (Zotero shows it under Settings → Advanced → Files and Folders).');
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'CiteScribe: reading the Zotero library' }, () => library.readZotero());
    if (library.zotero.lastError) throw new Error(`Could not read the Zotero library: ${library.zotero.lastError}`);
    const r = library.zotero.lastReport;
    if (!r) return undefined;
    const m = r.matched;
    void vscode.window.showInformationMessage(
      `CiteScribe: ${m['citation-key'] + m.doi + m.title} of ${r.entries} entries matched in Zotero` +
        ` (${m['citation-key']} by citation key, ${m.doi} by DOI, ${m.title} by title); ${r.abstracts} abstract(s), ${r.pdfs} PDF(s).`,
    );
    status.refresh();
    return r;
  };

  const guarded = (id: string, run: (...args: never[]) => Promise<unknown>) =>
    vscode.commands.registerCommand(id, async (...args: never[]) => {
      try {
        return await run(...args);
      } catch (err) {
        log.error(`${id}: ${(err as Error).message}`);
        void vscode.window.showErrorMessage(`CiteScribe: ${(err as Error).message}`);
        return undefined;
      }
    });

  return [
    guarded('citescribe.findAbstractsOnline', findAbstractsOnline),
    guarded('citescribe.showGrounding', showGrounding),
    guarded('citescribe.readZotero', readZotero),
    vscode.languages.registerCodeActionsProvider([{ language: 'bibtex' }, { pattern: '**/*.bib' }], new WriteAbstractAction(library), {
      providedCodeActionKinds: [vscode.CodeActionKind.RefactorRewrite],
    }),
  ];
}

/** On a .bib entry whose abstract was found elsewhere: write it into the entry, as one undoable edit. */
export class WriteAbstractAction implements vscode.CodeActionProvider {
  constructor(private readonly library: LibraryService) {}

  provideCodeActions(doc: vscode.TextDocument, range: vscode.Range): vscode.CodeAction[] {
    if (!this.library.answers) return [];
    const store = this.library.getStore();
    // The entry the cursor is in: the nearest entry start at or above it whose key the index knows here.
    const text = doc.getText();
    const upTo = text.slice(0, doc.offsetAt(range.start) + 1);
    const headerAt = upTo.lastIndexOf('@');
    if (headerAt < 0) return [];
    const header = /@\s*[a-zA-Z]+\s*[{(]\s*([^,\s]+)\s*,/y;
    header.lastIndex = headerAt;
    const key = header.exec(text)?.[1];
    if (!key) return [];
    const found = store.foundAbstract(key);
    const here = store.entryLocations(key).find((l) => path.resolve(l.file) === path.resolve(doc.uri.fsPath));
    if (!found || !here || store.getPaper(key)?.abstractSource === undefined) return [];
    const edit = fieldInsertion(text, doc.positionAt(headerAt).line + 1, 'abstract', found.abstract);
    if (!edit) return [];
    const action = new vscode.CodeAction(`Write abstract into .bib (from ${SOURCE_LABELS[found.source]}, ${found.retrieved})`, vscode.CodeActionKind.RefactorRewrite);
    action.edit = new vscode.WorkspaceEdit();
    action.edit.insert(doc.uri, doc.positionAt(edit.offset), edit.text);
    return [action];
  }
}
