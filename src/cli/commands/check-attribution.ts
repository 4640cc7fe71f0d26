// `citescribe check --pairs` with a `group`: the attribution judgement (core/suggest/attribution.ts) for a sentence
// whose paragraph cites the works of the group, one JSON line per pair in the documented shape.
import type { CheckLibrary } from '../../core/suggest/check';
import { judgeAttribution } from '../../core/suggest/attribution';
import { judgeAttributionWithEmbeddings, type EmbeddedRankings } from '../../core/suggest/embedding-check';

export const ATTRIBUTION_USAGE = `
A line may carry "group": the keys of the works its paragraph cites (the cited key need not be repeated). It is
then judged against the other works of the paragraph and answered {id, key, support, verdict, better, evidence,
betterEvidence, unsupportedDetails}:
  support       0–1, the library-wide support of the cited work (as without a group), or null;
  verdict       "supported"; "misattributed" (another work of the group fits clearly better: its key is
                "better", its closest sentence "betterEvidence"); "unsupported" (no work of the group supports the
                sentence: each says little of it or is far behind the library's best work for it); "weak" (the
                cited work says little of the sentence or is far behind the library's best, another work of the
                group is not, but fits no clearly better); "title-only" (the
                library has only a title for the cited work); "not-in-library" (no such key) or "no-sentence" (no
                content word to judge);
  better        the better work's key, or null;
  evidence      {text, source, page?}: the cited work's sentence closest to the sentence, or null;
  unsupportedDetails  numbers, percentages and names of datasets or systems in the sentence that the cited work's
                text does not hold (a note: it does not change the verdict).
A line is flagged when its verdict is anything but "supported".`;

export function isPair(p: { text?: unknown; key?: unknown; group?: unknown } | null): boolean {
  if (p === null || typeof p !== 'object' || typeof p.text !== 'string' || typeof p.key !== 'string') return false;
  return p.group === undefined || (Array.isArray(p.group) && p.group.every((k) => typeof k === 'string'));
}

/** One pair's JSON line; `rankings`: with an embedding model, the run's sentences ranked with it. */
export async function attributionLine(library: CheckLibrary, id: unknown, text: string, key: string, group: readonly string[], rankings?: EmbeddedRankings) {
  const r = rankings ? await judgeAttributionWithEmbeddings(rankings, library, text, key, group) : judgeAttribution(library, text, key, group);
  return {
    id,
    key,
    support: r.support === undefined ? null : Number(r.support.toFixed(4)),
    verdict: r.verdict,
    better: r.better?.key ?? null,
    evidence: r.evidence ?? null,
    betterEvidence: r.better?.evidence ?? null,
    unsupportedDetails: r.unsupportedDetails ?? [],
  };
}
