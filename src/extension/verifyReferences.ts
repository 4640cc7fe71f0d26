// Verify References in the editor: the cited entries of the open LaTeX/Markdown document, or every entry of an open
// .bib, checked against the services of Find Abstracts Online (same consent, settings and endpoints); a diagnostic on
// each entry that is possibly invented or disagrees with a record, and the quick fix that rewrites it from the record.
// The judging and the rewriting are in src/core/verify; this file places their results in the editor.
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { parseBibtex } from '../core/bibtex';
import type { FetchLike } from '../core/enrich/http';
import { gatedFetch } from '../core/enrich/policy';
import { PositionMapper } from '../core/cites/positions';
import { MemoryCache } from '../core/verify/cache';
import { verifyEntryFromBib } from '../core/verify/entries';
import { findingOf, sourceLabel } from '../core/verify/findings';
import { changesFromVerdict, entrySpanOfKey, entrySpansOfKeys, rewriteEntryText } from '../core/verify/rewrite-entry';
import { VERIFY_LABELS, VERIFY_SOURCES, type VerifySourceName } from '../core/verify/names';
import type { EntryVerdict, VerifyEntry } from '../core/verify/types';
import type { VerifyReport } from '../core/verify/verify';
import { citeLanguage, keysIn } from './citesInDocument';
import { askToGoOnline } from './grounding';
import type { LibraryService } from './library';
import { withCancellableProgress } from './progress';
import { readSettings } from './settings';
import { VerifyPanel } from './verifyPanel';
import { TRUSTED_TO_VERIFY } from './commands/requirements';

const VERIFY_DIAGNOSTIC_SOURCE = 'CiteScribe verify';

/** A flagged entry as it was when verified: its text decides whether a later edit has touched it. */
interface Flagged {
  verdict: EntryVerdict;
  entry: VerifyEntry;
  entryText: string;
  diagnostic: vscode.Diagnostic;
}

const CONSENT = {
  question: 'Verify references online?',
  whatIsSent: (services: string) =>
    `For each entry to verify, CiteScribe sends its DOI or arXiv id and its title to ${services}. ` +
    'Nothing else of your documents or library is sent. What comes back is compared with the entry and shown as diagnostics; your .bib files change only when you apply a quick fix. ',
  button: 'Turn On and Verify',
};

function isBib(doc: vscode.TextDocument): boolean {
  return doc.languageId === 'bibtex' || doc.fileName.toLowerCase().endsWith('.bib');
}

/** An open document's text (unsaved edits included), else the file's. */
function currentText(file: string): string {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && path.resolve(d.uri.fsPath) === path.resolve(file));
  return open ? open.getText() : fs.readFileSync(file, 'utf8');
}

export class VerifyReferences implements vscode.Disposable, vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];
  readonly diagnostics = vscode.languages.createDiagnosticCollection('citescribe-verify');
  /** Per .bib file (fsPath), its flagged entries by key. */
  private readonly flagged = new Map<string, Map<string, Flagged>>();
  /** Answers kept for the session: verifying again after a cancel or an edit asks nothing twice. */
  private readonly cache = new MemoryCache();
  private readonly disposables: vscode.Disposable[] = [this.diagnostics];

  constructor(
    private readonly library: LibraryService,
    private readonly log: vscode.LogOutputChannel,
    private readonly extensionUri: vscode.Uri,
  ) {
    vscode.workspace.onDidChangeTextDocument((e) => e.contentChanges.length && this.documentEdited(e.document), undefined, this.disposables);
  }

  /** The entries to verify: every entry of an open .bib, or those the open document cites, from the library's .bib files. */
  private async entriesToVerify(doc: vscode.TextDocument): Promise<{ entries: VerifyEntry[]; files: string[]; problems: string[] }> {
    if (isBib(doc)) {
      const parsed = parseBibtex(doc.getText(), doc.uri.fsPath);
      return { entries: parsed.entries.map(verifyEntryFromBib), files: [doc.uri.fsPath], problems: parsed.errors.filter((e) => e.severity === 'error').map((e) => `line ${e.line}: ${e.message}`) };
    }
    if (!citeLanguage(doc)) throw new Error('Open a .bib file, or a LaTeX or Markdown document that cites entries, to verify its references.');
    const keys = keysIn(doc);
    if (!keys.length) throw new Error('This document cites no entries: nothing to verify.');
    if (this.library.state.kind !== 'ready') await this.library.index();
    const store = this.library.getStore();
    const byFile = new Map<string, Set<string>>();
    const problems: string[] = [];
    for (const key of keys) {
      const where = store.entryLocations(key)[0];
      if (!where) problems.push(`${key} is not in the library's .bib files`);
      else byFile.set(where.file, (byFile.get(where.file) ?? new Set()).add(key));
    }
    const chosen = new Map<string, VerifyEntry>();
    for (const [file, wanted] of byFile) {
      for (const bib of parseBibtex(currentText(file), file).entries) if (wanted.has(bib.key) && !chosen.has(bib.key)) chosen.set(bib.key, verifyEntryFromBib(bib));
    }
    return { entries: keys.filter((k) => chosen.has(k)).map((k) => chosen.get(k)!), files: [...byFile.keys()], problems };
  }

  /**
   * `target`: the document to verify (a .bib from the explorer, a test); by default the active editor's. Never in an
   * untrusted workspace, whose settings could name any endpoint (the command's requirement, commands/requirements.ts).
   */
  async verify(target?: vscode.Uri): Promise<VerifyReport | undefined> {
    const doc = target ? await vscode.workspace.openTextDocument(target) : vscode.window.activeTextEditor?.document;
    if (!doc) throw new Error('Open a .bib file, or a LaTeX or Markdown document, to verify its references.');
    // The command's requirement has said so already; checked again for any other caller (a test, a future command).
    if (!vscode.workspace.isTrusted) throw new Error(TRUSTED_TO_VERIFY.why);
    if (!readSettings().enrichOnline && !(await askToGoOnline(CONSENT))) return undefined;
    const { entries, files, problems } = await this.entriesToVerify(doc);
    const settings = readSettings();
    const names = settings.verifySources;
    if (!names.length) {
      const able = VERIFY_SOURCES.map((n) => VERIFY_LABELS[n]).join(', ');
      throw new Error(`None of the services in citescribe.verify.sources or citescribe.enrich.sources can verify references (${able}).`);
    }
    // The network part loads on first use: activation stays free of it.
    const [{ makeVerifySource }, { verifyEntries }] = await Promise.all([import('../core/verify/sources'), import('../core/verify/verify')]);
    const report = await withCancellableProgress('CiteScribe: verifying references', (progress, signal) => {
      // Checked again at the socket: no request leaves an untrusted workspace or before the user turned lookups on.
      const fetch = gatedFetch(globalThis.fetch as unknown as FetchLike, { trusted: vscode.workspace.isTrusted, enabled: readSettings().enrichOnline });
      const endpoints = Object.fromEntries(Object.entries(settings.enrichEndpoints).filter(([name]) => VERIFY_SOURCES.includes(name as VerifySourceName)));
      const sources = names.map((name) =>
        makeVerifySource(name, { fetch, endpoints, ...(settings.enrichContact && { contact: settings.enrichContact }), signal }),
      );
      let last = 0;
      return verifyEntries(entries, {
        sources,
        cache: this.cache,
        signal,
        onProgress: (done, total, key) => {
          const percent = total ? Math.floor((done / total) * 100) : 0;
          progress.report({ message: key ? `${key} (${done + 1}/${total})` : undefined, increment: percent - last });
          last = percent;
        },
      });
    });
    report.problems.unshift(...problems);
    this.show(report, entries, files);
    VerifyPanel.show(this.extensionUri, report, isBib(doc) ? path.basename(doc.uri.fsPath) : `the entries ${path.basename(doc.uri.fsPath)} cites`, (line) => this.log.warn(line));
    const c = report.counts;
    const summary = `${c['not-found']} possibly invented, ${c.mismatch} mismatch(es), ${c.verified} verified, ${c.unverifiable} unverifiable`;
    for (const p of report.problems) this.log.warn(`verify: ${p}`);
    for (const v of report.entries) this.log.info(`verify: ${v.key}: ${v.verdict}: ${v.evidence}`);
    const tail = report.cancelled ? ` (cancelled: ${report.notChecked.length} not checked; the verdicts so far are kept)` : '';
    if (report.problems.length && !report.entries.length) void vscode.window.showWarningMessage(`CiteScribe: ${report.problems[report.problems.length - 1]}`);
    else void vscode.window.showInformationMessage(`CiteScribe: ${report.entries.length} reference(s) checked: ${summary}${tail}.`);
    return report;
  }

  /** The verdicts as diagnostics: those of the files verified replace what they had; entries not reached keep none. */
  private show(report: VerifyReport, entries: readonly VerifyEntry[], files: readonly string[]) {
    const entryByKey = new Map(entries.map((e) => [e.key, e]));
    for (const file of files) this.flagged.set(path.resolve(file), new Map());
    // Per file: its text read once and every flagged entry found in one pass (a .bib may hold thousands).
    const toPlace = new Map<string, { verdict: EntryVerdict; entry: VerifyEntry; finding: NonNullable<ReturnType<typeof findingOf>> }[]>();
    for (const verdict of report.entries) {
      const finding = findingOf(verdict);
      const entry = entryByKey.get(verdict.key);
      if (!finding || !entry?.file) continue;
      const file = path.resolve(entry.file);
      let items = toPlace.get(file);
      if (!items) toPlace.set(file, (items = []));
      items.push({ verdict, entry, finding });
    }
    for (const [file, items] of toPlace) {
      const text = currentText(file);
      const spans = entrySpansOfKeys(text, new Set(items.map((i) => i.verdict.key)));
      const positionAt = positionsIn(text);
      for (const { verdict, entry, finding } of items) {
        const span = spans.get(verdict.key);
        if (!span) continue;
        const range = new vscode.Range(positionAt(span.keyStart), positionAt(span.keyStart + span.key.length));
        const diagnostic = new vscode.Diagnostic(range, finding.message, finding.severity === 'warning' ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Information);
        diagnostic.source = VERIFY_DIAGNOSTIC_SOURCE;
        diagnostic.code = `verify-${finding.kind}`;
        this.flagged.get(file)?.set(verdict.key, { verdict, entry, entryText: text.slice(span.start, span.end), diagnostic });
      }
    }
    for (const file of files) this.publish(path.resolve(file));
  }

  private publish(file: string) {
    const flagged = this.flagged.get(file);
    this.diagnostics.set(vscode.Uri.file(file), flagged ? [...flagged.values()].map((f) => f.diagnostic) : []);
  }

  /** An edited entry loses its diagnostic (its verdict was about the old text); the others follow their entry's move. */
  private documentEdited(doc: vscode.TextDocument) {
    if (doc.uri.scheme !== 'file') return;
    const file = path.resolve(doc.uri.fsPath);
    const flagged = this.flagged.get(file);
    if (!flagged?.size) return;
    const text = doc.getText();
    const spans = entrySpansOfKeys(text, new Set(flagged.keys()));
    for (const [key, f] of flagged) {
      const span = spans.get(key);
      if (!span || text.slice(span.start, span.end) !== f.entryText) {
        flagged.delete(key);
        continue;
      }
      const range = new vscode.Range(doc.positionAt(span.keyStart), doc.positionAt(span.keyStart + key.length));
      if (!range.isEqual(f.diagnostic.range)) f.diagnostic.range = range;
    }
    this.publish(file);
  }

  provideCodeActions(doc: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const flagged = this.flagged.get(path.resolve(doc.uri.fsPath));
    if (!flagged) return [];
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics) {
      if (diagnostic.source !== VERIFY_DIAGNOSTIC_SOURCE) continue;
      const f = [...flagged.values()].find((x) => x.diagnostic === diagnostic || (x.diagnostic.range.isEqual(diagnostic.range) && x.diagnostic.message === diagnostic.message));
      if (!f) continue;
      const changes = changesFromVerdict(f.verdict, f.entry);
      const text = doc.getText();
      const span = entrySpanOfKey(text, f.verdict.key);
      if (!changes.length || !span) continue;
      const action = new vscode.CodeAction(`Rewrite entry from ${sourceLabel(f.verdict.source)} record`, vscode.CodeActionKind.QuickFix);
      action.diagnostics = [diagnostic];
      action.isPreferred = true;
      // One replacement of the whole entry: one undo restores it.
      action.edit = new vscode.WorkspaceEdit();
      action.edit.replace(doc.uri, new vscode.Range(doc.positionAt(span.start), doc.positionAt(span.end)), rewriteEntryText(text.slice(span.start, span.end), changes));
      actions.push(action);
    }
    return actions;
  }

  dispose() {
    for (const d of this.disposables) d.dispose();
  }
}

/** Offsets to positions in a text that is not an open document, with VS Code's line breaks (as bibNavigation.ts). */
function positionsIn(text: string): (offset: number) => vscode.Position {
  const lines = new PositionMapper(text);
  return (offset) => {
    const { line, character } = lines.positionAt(offset);
    return new vscode.Position(line, character);
  };
}

/** The service (the command is in commands/check.ts) and its quick fix on .bib entries. */
export function registerVerifyReferences(service: VerifyReferences): vscode.Disposable[] {
  return [
    service,
    vscode.languages.registerCodeActionsProvider([{ language: 'bibtex' }, { pattern: '**/*.bib' }], service, { providedCodeActionKinds: VerifyReferences.kinds }),
  ];
}
