// Citation commands of an open document, parsed once per document version (CodeLens, hover and commands share it).
import * as vscode from 'vscode';
import { documentSections, keysCitedIn, sectionAround } from '../core/cites/sections';
import { parseCitations, type CiteCommand } from '../core/cites';
import type { CiteSyntax } from '../core/types';
import { readSettings } from './settings';

type CiteLanguage = 'latex' | 'markdown';

const cache = new WeakMap<vscode.TextDocument, { version: number; cites: CiteCommand[] }>();

export function citeLanguage(doc: vscode.TextDocument): CiteLanguage | undefined {
  if (doc.languageId === 'latex' || doc.languageId === 'tex' || doc.fileName.endsWith('.tex')) return 'latex';
  if (doc.languageId === 'markdown' || doc.languageId === 'rmarkdown' || doc.languageId === 'quarto') return 'markdown';
  return undefined;
}

export function citesOf(doc: vscode.TextDocument): CiteCommand[] {
  const language = citeLanguage(doc);
  if (!language) return [];
  const hit = cache.get(doc);
  if (hit && hit.version === doc.version) return hit.cites;
  const cites = parseCitations(doc.getText(), language);
  cache.set(doc, { version: doc.version, cites });
  return cites;
}

/** The key (and its command) under a position, if any. */
export function keyAt(doc: vscode.TextDocument, pos: vscode.Position): { key: string; range: vscode.Range; command: CiteCommand } | undefined {
  const offset = doc.offsetAt(pos);
  for (const command of citesOf(doc)) {
    if (offset < command.start || offset > command.end) continue;
    for (const k of command.keys) {
      if (offset >= k.start && offset <= k.end) {
        return { key: k.key, range: new vscode.Range(doc.positionAt(k.start), doc.positionAt(k.end)), command };
      }
    }
  }
  return undefined;
}

/** Unique keys cited in a range of the document (the whole document when no range), in order of appearance. */
export function keysIn(doc: vscode.TextDocument, range?: vscode.Range): string[] {
  const from = range ? doc.offsetAt(range.start) : 0;
  const to = range ? doc.offsetAt(range.end) : Number.MAX_SAFE_INTEGER;
  const seen = new Set<string>();
  for (const c of citesOf(doc)) {
    if (c.end < from || c.start > to) continue;
    for (const k of c.keys) seen.add(k.key);
  }
  return [...seen];
}

/** Which cite command the document uses most, so drafts write citations the way the author does. */
export function dominantCiteSyntax(doc: vscode.TextDocument): 'cite' | 'citet' | 'citep' | 'pandoc' {
  if (citeLanguage(doc) === 'markdown') return 'pandoc';
  const counts = new Map<string, number>();
  for (const c of citesOf(doc)) {
    const name = c.command.replace(/^\\/, '').replace(/\*$/, '');
    const syntax = name === 'citet' || name === 'textcite' ? 'citet' : name === 'citep' || name === 'parencite' ? 'citep' : 'cite';
    counts.set(syntax, (counts.get(syntax) ?? 0) + 1);
  }
  let best: 'cite' | 'citet' | 'citep' = 'cite';
  let n = 0;
  for (const [k, v] of counts) if (v > n && (k === 'cite' || k === 'citep')) [best, n] = [k, v];
  return best;
}

/** The syntax the author's citations are written in: Pandoc in Markdown, else the setting or what the document uses. */
export function documentCiteSyntax(doc: vscode.TextDocument): CiteSyntax {
  if (citeLanguage(doc) === 'markdown') return 'pandoc';
  const configured = readSettings(doc.uri).citeCommand;
  return configured === 'auto' ? dominantCiteSyntax(doc) : configured;
}

/** One key cited the way this document cites: `[@key]`, `\citep{key}`, `\cite{key}`… */
export function citationText(doc: vscode.TextDocument, key: string): string {
  const syntax = documentCiteSyntax(doc);
  return syntax === 'pandoc' ? `[@${key}]` : `\\${syntax}{${key}}`;
}

/**
 * The keys a related-work draft takes from a document: those of the selection, else of the section around the
 * cursor (its top-level section: "2.1" of "2 Related Work" takes all of Related Work), else every key; `all` asks
 * for every key. The label says which, for the draft panel.
 */
export function draftScope(doc: vscode.TextDocument, selection: vscode.Selection | undefined, all = false): { keys: string[]; label: string; total: number; all: boolean } {
  const every = keysIn(doc);
  const whole = { keys: every, label: 'the whole document', total: every.length, all: true };
  if (all || !selection) return whole;
  if (!selection.isEmpty) {
    const keys = keysIn(doc, selection);
    return keys.length ? { keys, label: 'the selection', total: every.length, all: keys.length === every.length } : whole;
  }
  const language = citeLanguage(doc);
  if (!language) return whole;
  const text = doc.getText();
  const section = sectionAround(documentSections(text, language), doc.offsetAt(selection.active));
  const keys = section ? keysCitedIn(text, language, section) : [];
  if (!section || !keys.length) return whole;
  return { keys, label: `section “${section.title}”`, total: every.length, all: keys.length === every.length };
}
