// One citation sentence per key (CiteSum's task): pick the sentence (and compression of it) that the learned
// scorer rates highest, then rewrite it in third person with the right names and citation command.
import type { CiteSyntax, CitationSentence, CitationStyle, PaperRecord, SourceSentence } from '../types';
import { citeMarker, workSubject } from './authors';
import { compressionVariants, plainText, sourceDocument, type SourceDocument } from './candidates';
import { contentTerms, cosine, termFrequencies } from '../text/tokens';
import { candidateFeatures, documentContext } from './features';
import { acronymDefinitions, expandAcronyms, rewriteSentence, stripLeadingDiscourse } from './rewrite';
import type { LinearScorer } from './scorer';

export const TITLE_ONLY_FLAG = 'ungrounded: title only';
export const NOTHING_FLAG = 'ungrounded: no title or abstract';

export interface ScoredCandidate {
  source: SourceSentence;
  sentenceIndex: number;
  /** Compressed extractive text, still in the authors' voice. */
  extract: string;
  /** Rewritten output text in the requested style. */
  text: string;
  features: number[];
  score: number;
}

export interface CandidateOptions {
  style: CitationStyle;
  syntax?: CiteSyntax;
  /** The author's own abstract: sentences that speak to it are preferred (a query focus). */
  ownAbstract?: string;
  /** How strongly (scorer units per unit of cosine); default CITATION_OWN_RELEVANCE. */
  ownRelevanceWeight?: number;
}

/**
 * Weight of a sentence's cosine similarity to the author's abstract, in the scorer's units. A single citation
 * sentence keeps the contribution statement first (a light focus); a related-work draft is query-focused (what each
 * work says that matters to the author's paper), which CiteBench dev favoured (R-2 4.20 at 0 → 4.75 at 2).
 */
export const CITATION_OWN_RELEVANCE = 0.5;
export const DRAFT_OWN_RELEVANCE = 2;

/** Every (sentence, compression) candidate of a record with its features and rewritten text; score left at 0. */
export function enumerateCandidates(record: PaperRecord, doc: SourceDocument, options: CandidateOptions): ScoredCandidate[] {
  const ctx = documentContext(doc.sentences, doc.title);
  const acronyms = acronymDefinitions(doc.sentences.map((s) => s.text));
  const out: ScoredCandidate[] = [];
  doc.sentences.forEach((source, sentenceIndex) => {
    for (const variant of compressionVariants(source.text)) {
      const extract = acronyms.size ? expandAcronyms(variant.text, acronyms) : variant.text;
      out.push({
        source,
        sentenceIndex,
        extract,
        text: rewriteSentence(extract, { record, style: options.style, syntax: options.syntax }),
        features: candidateFeatures(ctx, sentenceIndex, variant),
        score: 0,
      });
    }
  });
  return out;
}

/** A sentence that names or cites other work ("Cutting et al. suggest …") is about that work, not this one. */
const MENTIONS_OTHER_WORK = /\bet al\b|\(\s*(?:19|20)\d\d[a-z]?\s*\)|\b(?:19|20)\d\d[a-z]?\)|\[\d+(?:[,–-]\s*\d+)*\]/;
/** Large enough to put every such sentence behind every other candidate. */
const OTHER_WORK_PENALTY = 10;
/** "This also leads to …", "It outperforms …": the referent is in the previous sentence, lost out of context. */
const ANAPHORIC_START =
  /^(?:(?:this|these|that|those|it|its|they|such|the latter|the former|both)\b(?!\s+(?:paper|work|article|study|thesis)\b)|the (?:proposed |resulting |new )?(?:method|approach|model|framework|system|algorithm|technique|network|architecture)s?\b)/i;
/** Enough to prefer any self-contained sentence the scorer rates near the best. */
const ANAPHORA_PENALTY = 0.1;

/** Candidates ranked best first by the scorer. */
export function rankCandidates(record: PaperRecord, doc: SourceDocument, scorer: LinearScorer, options: CandidateOptions): ScoredCandidate[] {
  const candidates = enumerateCandidates(record, doc, options);
  const own = options.ownAbstract ? termFrequencies(contentTerms(plainText(options.ownAbstract))) : undefined;
  const relevance = new Map<number, number>();
  for (const c of candidates) {
    c.score = scorer.score(c.features);
    if (own) {
      // Measured on the whole source sentence, so that relevance does not favour one compression over another.
      if (!relevance.has(c.sentenceIndex)) relevance.set(c.sentenceIndex, cosine(termFrequencies(contentTerms(c.source.text)), own));
      c.score += (options.ownRelevanceWeight ?? CITATION_OWN_RELEVANCE) * relevance.get(c.sentenceIndex)!;
    }
    // Attaching \cite{key} to a sentence about someone else's work would misattribute it.
    if (options.style === 'citation' && MENTIONS_OTHER_WORK.test(c.source.text)) c.score -= OTHER_WORK_PENALTY;
    if (ANAPHORIC_START.test(stripLeadingDiscourse(c.source.text))) c.score -= ANAPHORA_PENALTY;
  }
  return candidates.sort((a, b) => b.score - a.score);
}

/** A sentence that says only what the title says, for entries with nothing else. Never invents a claim. */
export function titleOnlySentence(record: PaperRecord, title: string, style: CitationStyle, syntax?: CiteSyntax): CitationSentence {
  const subject = workSubject(record, syntax);
  if (!title) {
    const text = style === 'tldr' ? 'No title or abstract is available for this paper.' : `See ${citeMarker([record.key], syntax)}.`;
    return { key: record.key, text, spans: [{ text }], grounded: false, flags: [NOTHING_FLAG], engine: 'default' };
  }
  const quoted = `“${title.replace(/[.\s]+$/, '')}”`;
  const verb = subject.plurality === 'singular' ? 'presents' : 'present';
  const text = style === 'tldr' ? `This paper is titled ${quoted}.` : `${subject.text} ${verb} ${quoted}.`;
  const source: SourceSentence = { text: title, section: 'title', index: 0 };
  return { key: record.key, text, spans: [{ text, source }], grounded: false, flags: [TITLE_ONLY_FLAG], engine: 'default' };
}

export function writeCitationSentence(record: PaperRecord, scorer: LinearScorer, options: CandidateOptions, presplit?: SourceDocument): CitationSentence {
  const doc = presplit ?? sourceDocument(record);
  if (!doc.grounded) return titleOnlySentence(record, doc.title, options.style, options.syntax);
  const [best] = rankCandidates(record, doc, scorer, options);
  return {
    key: record.key,
    text: best.text,
    spans: [{ text: best.text, source: best.source }],
    grounded: true,
    flags: [],
    engine: 'default',
  };
}
