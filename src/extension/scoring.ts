// Glue between the core metrics and the score panel: which text is the draft, which the reference, and the report.
import * as vscode from 'vscode';
import { rougeScores, citationCoverage, blockMatch, stripCitationMarkers } from '../core/metrics';
import type { CiteSyntax, Engine, PaperLookup } from '../core/types';
import type { ScoreReportView } from '../protocol/webview';

/** The related-work section of a LaTeX or Markdown document: from its heading to the next heading of its level. */
export function findRelatedWorkSection(doc: vscode.TextDocument): vscode.Range | undefined {
  const text = doc.getText();
  const latex = /\\(section|chapter)\*?\{\s*(related\s+work|background|prior\s+work|literature\s+review)[^}]*\}/i.exec(text);
  if (latex) {
    const rest = text.slice(latex.index + latex[0].length);
    const next = new RegExp(`\\\\(${latex[1] === 'chapter' ? 'chapter' : 'section|chapter'})\\*?\\{|\\\\bibliography\\{|\\\\printbibliography|\\\\end\\{document\\}`).exec(rest);
    const end = latex.index + latex[0].length + (next ? next.index : rest.length);
    return new vscode.Range(doc.positionAt(latex.index + latex[0].length), doc.positionAt(end));
  }
  const md = /^(#{1,6})\s*(related\s+work|background|prior\s+work)\b.*$/im.exec(text);
  if (md) {
    const rest = text.slice(md.index + md[0].length);
    const next = new RegExp(`^#{1,${md[1].length}}\\s`, 'm').exec(rest);
    const end = md.index + md[0].length + (next ? next.index : rest.length);
    return new vscode.Range(doc.positionAt(md.index + md[0].length), doc.positionAt(end));
  }
  return undefined;
}

/** A reference made of the library's citation sentences for the cited keys (one paragraph per key). */
export async function libraryReferenceText(keys: string[], library: PaperLookup, engine: Engine, syntax: CiteSyntax): Promise<string> {
  const known = keys.filter((k) => library.hasKey(k));
  if (known.length === 0) throw new Error('The draft cites no key of the library: there are no citation sentences to compare with.');
  const sentences = await Promise.all(known.map((key) => engine.citationSentence({ key, style: 'citation', syntax }, library)));
  return sentences.map((s) => s.text).join('\n\n');
}

interface ScoreInput {
  draftText: string;
  /** Line of the document where draftText starts, so clicks jump to the right place. */
  draftLineOffset: number;
  referenceText: string;
  language: 'latex' | 'markdown';
  stem: boolean;
  draftLabel: string;
  referenceLabel: string;
  inLibrary(key: string): boolean;
}

const preview = (s: string) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > 140 ? flat.slice(0, 137) + '…' : flat;
};

export function buildScoreReport(input: ScoreInput): ScoreReportView {
  if (!input.draftText.trim()) throw new Error('The draft is empty: select the related-work text to score.');
  if (!input.referenceText.trim()) throw new Error('The reference is empty.');
  // ROUGE on plain prose: citation markers are removed from both sides, as the papers report.
  const plainDraft = stripCitationMarkers(input.draftText);
  const plainReference = stripCitationMarkers(input.referenceText);
  const rouge = rougeScores(plainDraft, [plainReference], { stem: input.stem });
  const coverage = citationCoverage(input.draftText, input.referenceText, { language: input.language, library: { hasKey: (k: string) => input.inLibrary(k) } });
  const referenceKeyLines = new Map<string, number>();
  for (const line of input.referenceText.split('\n').entries()) {
    for (const key of coverage.referenceKeys) if (!referenceKeyLines.has(key) && line[1].includes(key)) referenceKeyLines.set(key, line[0]);
  }
  const blocks = blockMatch(input.draftText, input.referenceText, { stem: input.stem, language: input.language });
  const lineOf = (offset: number) => input.draftText.slice(0, offset).split('\n').length - 1;
  return {
    draftLabel: input.draftLabel,
    referenceLabel: input.referenceLabel,
    stemmed: input.stem,
    rouge: { rouge1: rouge.rouge1, rouge2: rouge.rouge2, rougeL: rouge.rougeL, rougeLsum: rouge.rougeLsum },
    coverage: {
      recall: coverage.set.recall,
      precision: coverage.set.precision,
      f1: coverage.set.f1,
      missing: coverage.missingKeys.map((key) => ({ key, line: referenceKeyLines.get(key) })),
      unknown: coverage.unknownKeyLocations.map((l) => ({ key: l.key, line: l.line + input.draftLineOffset })),
    },
    blockMatch: {
      precision: blocks.precision,
      recall: blocks.recall,
      f1: blocks.f1,
      pairs: blocks.pairs.map((p) => ({
        draftIndex: p.draft,
        referenceIndex: p.reference,
        score: p.score,
        draftPreview: preview(blocks.draftBlocks[p.draft].text),
        referencePreview: preview(blocks.referenceBlocks[p.reference].text),
        draftLine: lineOf(blocks.draftBlocks[p.draft].start) + input.draftLineOffset,
      })),
    },
  };
}
