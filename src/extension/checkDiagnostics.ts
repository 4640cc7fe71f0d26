// Check Citations' entries in the Problems panel: a weak citation, a misattributed one ("this sentence describes
// zhu2017unpaired, not huang2018munit", with both works' sentences as related information that opens the .bib entry),
// one no work of its paragraph supports, and numbers or names the cited work does not hold.
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { CitationCheck } from '../core/suggest/check';
import type { Evidence } from '../core/suggest/features';
import type { PaperRecord } from '../core/types';
import { escapeRegExp } from '../core/text/regexp';

export const WEAK_CITATION = 'weak-support';
export const MISATTRIBUTED = 'misattributed';
const UNSUPPORTED_CITATION = 'unsupported';
const UNSUPPORTED_DETAIL = 'unsupported-detail';

export function evidenceLine(e: { text: string; source: string; page?: number }): string {
  return `${e.source === 'pdf' ? `PDF${e.page ? ` p. ${e.page}` : ''}` : e.source}: “${e.text}”`;
}

const percent = (support: number | undefined) => `${Math.round(100 * (support ?? 0))}%`;

/**
 * Where a work's evidence sentence is: the line of its .bib entry that starts the sentence when the abstract there
 * holds it ("Learning a mapping between two image collections…" in refs.bib, line 10), else the entry's first line.
 * A sentence from the PDF or an abstract found online points at the entry too: it is what the author can open and fix.
 */
function evidenceLocation(paper: PaperRecord | undefined, evidence: Evidence): vscode.Location | undefined {
  if (!paper?.bibFile) return undefined;
  const uri = vscode.Uri.file(paper.bibFile);
  const entryLine = Math.max(0, (paper.bibLine ?? 1) - 1);
  let text: string;
  try {
    text = fs.readFileSync(paper.bibFile, 'utf8');
  } catch {
    return new vscode.Location(uri, new vscode.Position(entryLine, 0));
  }
  // The first words of the sentence, allowing the line breaks and spacing a .bib wraps an abstract with.
  const words = evidence.text.split(/\s+/).filter(Boolean).slice(0, 6).map(escapeRegExp);
  const lines = text.split('\n');
  const entryStart = lines.slice(0, entryLine).reduce((a, l) => a + l.length + 1, 0);
  const found = words.length ? new RegExp(words.join('\\s+')).exec(text.slice(entryStart)) : null;
  if (!found) return new vscode.Location(uri, new vscode.Position(entryLine, 0));
  const before = text.slice(0, entryStart + found.index).split('\n');
  const start = new vscode.Position(before.length - 1, before[before.length - 1].length);
  return new vscode.Location(uri, new vscode.Range(start, start.translate(0, Math.min(found[0].length, lines[start.line].length - start.character))));
}

function diagnostic(range: vscode.Range, message: string, severity: vscode.DiagnosticSeverity, code: string): vscode.Diagnostic {
  const d = new vscode.Diagnostic(range, message, severity);
  d.source = 'CiteScribe';
  d.code = code;
  return d;
}

/** The Problems entries of one checked key (none for a supported one with nothing to note). */
export function checkDiagnostics(doc: vscode.TextDocument, c: CitationCheck, paperOf: (key: string) => PaperRecord | undefined): vscode.Diagnostic[] {
  const range = new vscode.Range(doc.positionAt(c.start), doc.positionAt(c.end));
  const out: vscode.Diagnostic[] = [];
  const betterLine = c.better ? `\nbetter match in your library: ${c.better.key} (${percent(c.better.support)}): ${evidenceLine(c.better.evidence)}` : '';
  if (c.verdict === 'misattributed' && c.better && c.evidence) {
    const d = diagnostic(
      range,
      `this sentence describes ${c.better.key}, not ${c.key}\n${c.better.key} (${percent(c.better.support)}): ${evidenceLine(c.better.evidence)}\n` +
        `${c.key} (${percent(c.support)}), its closest sentence: ${evidenceLine(c.evidence)}`,
      vscode.DiagnosticSeverity.Warning,
      MISATTRIBUTED,
    );
    const related = [
      [c.better.key, c.better.evidence, `${c.better.key} says this`],
      [c.key, c.evidence, `${c.key}'s closest sentence`],
    ] as const;
    d.relatedInformation = related.flatMap(([key, evidence, what]) => {
      const at = evidenceLocation(paperOf(key), evidence);
      return at ? [new vscode.DiagnosticRelatedInformation(at, `${what}: ${evidenceLine(evidence)}`)] : [];
    });
    out.push(d);
  } else if (c.verdict === 'unsupported' && c.evidence) {
    const message = `no work this paragraph cites says what this sentence says (${c.key}: ${percent(c.support)}); the closest sentence in ${c.key} is ${evidenceLine(c.evidence)}`;
    out.push(diagnostic(range, message + betterLine, vscode.DiagnosticSeverity.Information, UNSUPPORTED_CITATION));
  } else if (c.verdict === 'weak' && c.evidence) {
    const message = `weak support (${percent(c.support)}): the closest sentence in ${c.key} is ${evidenceLine(c.evidence)}`;
    out.push(diagnostic(range, message + betterLine, vscode.DiagnosticSeverity.Information, WEAK_CITATION));
  }
  if (c.unsupportedDetails?.length) {
    const message = `${c.key} does not mention ${c.unsupportedDetails.map((x) => `“${x}”`).join(', ')}, which this sentence gives`;
    out.push(diagnostic(range, message, vscode.DiagnosticSeverity.Information, UNSUPPORTED_DETAIL));
  }
  return out;
}
