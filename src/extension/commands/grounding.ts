// What the library has to write from: Find Abstracts Online (opt-in, never in an untrusted workspace: its requirement
// in requirements.ts), Show Grounding of Cited Works (the list of title-only works with their fixes) and Read
// Zotero Library.
import * as path from 'path';
import * as vscode from 'vscode';
import { SOURCE_LABELS } from '../../core/enrich/labels';
import type { FetchLike } from '../../core/enrich/http';
import { gatedFetch } from '../../core/enrich/policy';
import { groundingSummary, type GroundingReport } from '../../core/grounding/report';
import type { FoundSource } from '../../core/library/store-types';
import { citeLanguage, keysIn } from '../citesInDocument';
import { askToGoOnline, documentGrounding } from '../grounding';
import { withCancellableProgress } from '../progress';
import { readSettings } from '../settings';
import { zoteroDirectory } from '../zoteroSync';
import type { FindAbstractsArgs } from './args';
import type { CommandContext } from './registry';
import { runCommand } from './run';

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

/** The lookup itself, with cancellable progress naming the key being looked up ("notitle2019 (3/7)"). */
async function enrichWithProgress(ctx: CommandContext, keys: string[] | undefined) {
  const settings = readSettings();
  const pdfFolder = settings.enrichDownloadPdfs ? path.join(ctx.context.globalStorageUri.fsPath, 'pdf-cache') : undefined;
  // The network part loads on first use: activation stays free of it.
  const { enrichLibrary } = await import('../../core/enrich/enrich');
  return withCancellableProgress('CiteScribe: finding abstracts online', (progress, signal) => {
    let last = 0;
    return enrichLibrary({
      store: ctx.library.getStore(),
      // Checked again at the socket: no request leaves an untrusted workspace or before the user turned lookups on.
      fetch: gatedFetch(globalThis.fetch as unknown as FetchLike, { trusted: vscode.workspace.isTrusted, enabled: readSettings().enrichOnline }),
      sources: settings.enrichSources as never,
      endpoints: settings.enrichEndpoints,
      ...(settings.enrichContact && { contact: settings.enrichContact }),
      ...(keys && { keys }),
      ...(pdfFolder && { pdfFolder }),
      signal,
      onProgress: (done, total, key) => {
        const percent = total ? Math.floor((done / total) * 100) : 0;
        progress.report({ message: key ? `${key} (${done + 1}/${total})` : undefined, increment: percent - last });
        last = percent;
      },
    });
  });
}

export function findAbstractsOnline(ctx: CommandContext) {
  const { library, grounding, log } = ctx;
  return async (arg?: FindAbstractsArgs) => {
    if (!readSettings().enrichOnline && !(await askToGoOnline())) return undefined;
    if (library.state.kind !== 'ready') await library.index();
    const report = await enrichWithProgress(ctx, keysToEnrich(arg));
    for (const p of report.problems) log.warn(`enrich: ${p}`);
    const notFound = report.notFound.join(', ') || 'none';
    log.info(`enrich: ${report.found.length} of ${report.considered} found; not found: ${notFound}; rejected: ${report.rejected.length}`);
    if (report.pdfs.length || report.found.length) await library.index();
    grounding.refresh();
    const found = `${report.found.length} of ${report.considered} work(s) without an abstract now have one`;
    const pdfs = report.pdfs.length ? `; ${report.pdfs.length} open-access PDF(s) downloaded` : '';
    const tail = report.cancelled ? ' (cancelled: what was found is kept)' : '';
    if (report.problems.length && !report.found.length) {
      void vscode.window.showWarningMessage(`CiteScribe: ${found}. ${report.problems[report.problems.length - 1]}`);
    } else void vscode.window.showInformationMessage(`CiteScribe: ${found}${pdfs}${tail}.`);
    return report;
  };
}

type GroundingItem = vscode.QuickPickItem & { key?: string; action?: 'enrich' | 'zotero' };

const STATUS_ICONS: Record<GroundingReport['lines'][number]['status'], string> = {
  'title-only': '$(warning)',
  missing: '$(error)',
  pdf: '$(file-pdf)',
  abstract: '$(note)',
};

/** One row per cited key ("$(warning) notitle2019 · title only"), after the fixes for title-only works if any. */
function groundingItems(report: GroundingReport, titleOnly: number): GroundingItem[] {
  const fixes: GroundingItem[] = titleOnly
    ? [
        { label: `$(cloud-download) Find abstracts online for the ${titleOnly} title-only work(s)`, action: 'enrich' },
        { label: '$(library) Read Zotero library', action: 'zotero' },
      ]
    : [];
  const describe = (l: GroundingReport['lines'][number]): string => {
    if (l.status === 'abstract') return `abstract from ${l.abstractFrom === 'bib' ? 'the .bib' : SOURCE_LABELS[l.abstractFrom as FoundSource]}`;
    return l.status === 'pdf' ? 'PDF' : l.status === 'missing' ? 'not in the library' : 'title only';
  };
  const rows = report.lines.map((l) => ({ key: l.key, label: `${STATUS_ICONS[l.status]} ${l.key}`, description: describe(l), detail: l.fix ?? l.title }));
  return [...fixes, ...rows];
}

export function showGrounding({ library }: CommandContext) {
  return async () => {
    const report = documentGrounding(library, vscode.window.activeTextEditor?.document);
    if (!report) throw new Error('Open a .tex or Markdown document that cites works from the library.');
    const titleOnly = report.lines.filter((l) => l.status === 'title-only');
    const items = groundingItems(report, titleOnly.length);
    const picked = await vscode.window.showQuickPick(items, { title: `CiteScribe: ${groundingSummary(report)}`, matchOnDetail: true });
    if (!picked) return report;
    if (picked.action === 'enrich') await runCommand('citescribe.findAbstractsOnline', { keys: titleOnly.map((l) => l.key) });
    else if (picked.action === 'zotero') await runCommand('citescribe.readZotero');
    else if (picked.key) await runCommand('citescribe.openSource', { key: picked.key });
    return report;
  };
}

export function readZotero({ library, grounding }: CommandContext) {
  return async () => {
    const where = zoteroDirectory();
    if (!where) {
      throw new Error(
        'No Zotero library found: set citescribe.zotero.dataDirectory to your Zotero data directory ' +
          '(Zotero shows it under Settings → Advanced → Files and Folders).',
      );
    }
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'CiteScribe: reading the Zotero library' }, () => library.readZotero());
    if (library.zotero.lastError) throw new Error(`Could not read the Zotero library: ${library.zotero.lastError}`);
    const r = library.zotero.lastReport;
    if (!r) return undefined;
    const m = r.matched;
    const how = `${m['citation-key']} by citation key, ${m.doi} by DOI, ${m.title} by title`;
    void vscode.window.showInformationMessage(
      `CiteScribe: ${m['citation-key'] + m.doi + m.title} of ${r.entries} entries matched in Zotero (${how}); ${r.abstracts} abstract(s), ${r.pdfs} PDF(s).`,
    );
    grounding.refresh();
    return r;
  };
}
