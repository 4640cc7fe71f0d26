// What the editor says about a verdict on its .bib entry: a warning for an entry no source has a record of
// ("possibly invented") and for a DOI or arXiv id that is another work's; information for the other mismatches,
// naming the differing fields, ours vs theirs, and the source; nothing for verified or unverifiable entries.
import { VERIFY_LABELS } from './names';
import { pointsToAnotherWork } from './rewrite-entry';
import type { EntryVerdict } from './types';

type FindingKind = 'not-found' | 'another-work' | 'mismatch';

interface VerifyFinding {
  kind: FindingKind;
  severity: 'warning' | 'information';
  message: string;
}

export function sourceLabel(source: string | null): string {
  return source ? (VERIFY_LABELS[source as keyof typeof VERIFY_LABELS] ?? source) : '';
}

export function findingOf(verdict: EntryVerdict): VerifyFinding | undefined {
  if (verdict.verdict === 'not-found') {
    return { kind: 'not-found', severity: 'warning', message: `${verdict.key}: possibly invented — ${verdict.evidence.replace(/: possibly invented$/, '')}` };
  }
  if (verdict.verdict !== 'mismatch') return undefined;
  if (verdict.fields.some((f) => pointsToAnotherWork(f, verdict.record))) {
    return { kind: 'another-work', severity: 'warning', message: `${verdict.key}: ${verdict.evidence}` };
  }
  // "year: 2011 vs 2015; title: “…” vs “…” (Crossref, by DOI)": each field, ours then theirs.
  const fields = verdict.fields.map((f) => `${f.field}: ${f.ours || '(none)'} vs ${f.theirs || '(none)'}`).join('; ');
  const how = verdict.foundBy === 'title' ? 'by title' : verdict.foundBy ? `by ${verdict.foundBy === 'doi' ? 'DOI' : verdict.foundBy === 'arxiv' ? 'arXiv id' : 'anthology id'}` : '';
  const where = [sourceLabel(verdict.source), how].filter(Boolean).join(', ');
  return { kind: 'mismatch', severity: 'information', message: `${verdict.key}: ${fields || verdict.evidence}${where ? ` (${where})` : ''}` };
}
