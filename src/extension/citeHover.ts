// Hover on a cited key: the entry, a generated one-sentence TLDR (marked as generated), and links to the PDF page
// of the source sentence and to the .bib entry.
import * as vscode from 'vscode';
import * as path from 'node:path';
import type { LibraryService } from './library';
import type { EngineService } from './engines';
import { keyAt } from './citesInDocument';
import { formatAuthors } from './format';
import { escapeMarkdown } from '../core/text/markdown';
import { SOURCE_LABELS } from '../core/enrich/labels';
import type { FoundSource } from '../core/library/store-types';
import { commandUri } from './commands/args';

export class CiteHoverProvider implements vscode.HoverProvider {
  constructor(
    private readonly library: LibraryService,
    private readonly engines: EngineService,
  ) {}

  async provideHover(doc: vscode.TextDocument, pos: vscode.Position, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    const hit = keyAt(doc, pos);
    if (!hit) return undefined;
    if (this.library.state.kind !== 'ready' && this.library.state.kind !== 'indexing') return undefined;
    const paper = this.library.getPaper(hit.key);
    const md = new vscode.MarkdownString(undefined, true);
    md.isTrusted = { enabledCommands: ['citescribe.openSource', 'citescribe.searchLibrary'] };
    md.supportHtml = false;
    if (!paper) {
      md.appendMarkdown(`**⚠ ${escapeMarkdown(hit.key)} is not in the library.** `);
      md.appendMarkdown(`[Search the library](${commandUri('citescribe.searchLibrary', { query: hit.key })})`);
      return new vscode.Hover(md, hit.range);
    }
    md.appendMarkdown(`**${escapeMarkdown(paper.title || hit.key)}**\n\n`);
    const meta = [formatAuthors(paper.authors), paper.year, paper.venue].filter(Boolean).join(' · ');
    if (meta) md.appendMarkdown(`${escapeMarkdown(meta)}\n\n`);
    // The default engine answers in milliseconds; a neural engine is not run from a hover.
    try {
      const engine = await this.engines.get({ trusted: vscode.workspace.isTrusted, engineId: 'default' });
      if (token.isCancellationRequested) return undefined;
      const tldr = await engine.citationSentence({ key: hit.key, style: 'tldr', format: 'plain' }, this.library);
      md.appendMarkdown(`*TLDR (generated):* ${escapeMarkdown(tldr.text)}`);
      if (tldr.flags.length) md.appendMarkdown(` — ⚠ ${escapeMarkdown(tldr.flags.join('; '))}`);
      md.appendMarkdown('\n\n');
      const source = tldr.spans.find((s) => s.source)?.source;
      if (source?.pdfPath) {
        md.appendMarkdown(`[Open PDF at page ${source.page ?? 1}](${commandUri('citescribe.openSource', { pdfPath: source.pdfPath, page: source.page })}) · `);
      }
    } catch (err) {
      md.appendMarkdown(`*TLDR unavailable: ${escapeMarkdown((err as Error).message)}*\n\n`);
    }
    // Where the text came from when the .bib had no abstract: the reader should know an abstract was looked up.
    for (const f of paper.filledFrom ?? []) {
      const what = f.fields.map((x) => (x === 'doi' ? 'DOI' : x)).join(' and ');
      const link = `[${escapeMarkdown(path.basename(f.file))} line ${f.line}](${commandUri('citescribe.openSource', { bibFile: f.file, line: f.line })})`;
      md.appendMarkdown(`*${what[0].toUpperCase()}${what.slice(1)} from the other entry of this key, ${link}.*\n\n`);
    }
    if (paper.abstractSource) {
      const from = SOURCE_LABELS[paper.abstractSource.source as FoundSource] ?? paper.abstractSource.source;
      md.appendMarkdown(`*Abstract from ${escapeMarkdown(from)}, ${escapeMarkdown(paper.abstractSource.retrieved)} (matched by ${escapeMarkdown(paper.abstractSource.matchedBy)}).*\n\n`);
    } else if (!paper.abstract && !paper.sections?.length) {
      md.appendMarkdown(`*Title only: no abstract or PDF in the library.* [Find abstracts online](${commandUri('citescribe.findAbstractsOnline', { keys: [paper.key] })})\n\n`);
      // Trusted only on the hover that offers it (its consent and trust checks still apply when clicked).
      md.isTrusted = { enabledCommands: ['citescribe.openSource', 'citescribe.searchLibrary', 'citescribe.findAbstractsOnline'] };
    }
    if (paper.pdfPath) md.appendMarkdown(`[Open PDF](${commandUri('citescribe.openSource', { pdfPath: paper.pdfPath })}) · `);
    if (paper.bibFile) md.appendMarkdown(`[Open .bib entry](${commandUri('citescribe.openSource', { bibFile: paper.bibFile, line: paper.bibLine })})`);
    return new vscode.Hover(md, hit.range);
  }
}
