// Sentence features after Collins et al. (2017), "A Supervised Approach to Extractive Summarisation of Scientific
// Papers": AbstractROUGE, title overlap, location, length, numeric count, keyphrase score — plus the contribution
// cues of CiteSum's EXT-HEURISTIC and descriptors of the compression applied to the candidate.
import { rougeScores } from '../metrics/rouge';
import type { SourceSentence } from '../types';
import { contentTerms, cosine, termFrequencies, tokenize } from '../text/tokens';
import { BACKGROUND_CUE, CITATION_MARKS, COMMON_SELF_NOUNS, CONTRIBUTION_CUE, RESULT_CUE, STRUCTURE_CUE, THIS_PAPER_PHRASE } from './cues';
import type { CompressionVariant } from './candidates';
import { stripLeadingDiscourse } from '../rewrite';

const STARTS_WITH_WE = new RegExp(String.raw`^(?:\W*)(?:here,? |in this (?:paper|work),? )?we\b`, 'i');
const STARTS_WITH_THIS_PAPER = new RegExp(String.raw`^(?:this|the present|in this) (?:${COMMON_SELF_NOUNS})\b`, 'i');

/** How a sentence opens (after content-free openers): the move it makes. Weights are learned per pattern. */
const OPENING_PATTERNS = [
  ['openWePropose', /^we (?:\w+ )?(?:propose|introduce|present)\b/i],
  ['openWeDevelop', /^we (?:\w+ )?(?:develop|design|devise|build|construct|formulate|derive|establish)\b/i],
  ['openWeShow', /^we (?:\w+ )?(?:show|demonstrate|prove|find|observe|confirm|verify)\b/i],
  ['openWeStudy', /^we (?:\w+ )?(?:study|investigate|explore|analy[sz]e|examine|consider|address|tackle|focus)\b/i],
  ['openWeEvaluate', /^we (?:\w+ )?(?:evaluate|test|compare|validate|benchmark|conduct|perform|run|experiment)\b/i],
  ['openWeUse', /^we (?:\w+ )?(?:use|apply|employ|leverage|exploit|adopt|train|learn|leverage)\b/i],
  ['openWeProvide', /^we (?:\w+ )?(?:provide|describe|give|report|discuss|outline|release|make)\b/i],
  ['openWeOther', /^we\b/i],
  ['openThisPaper', new RegExp(String.raw`^(?:this|the present|the current) (?:${COMMON_SELF_NOUNS}|note)\b`, 'i')],
  ['openOurMethod', /^our (?:\w+ )?(?:method|approach|model|framework|algorithm|system|technique)\b/i],
  ['openOurResults', /^our (?:\w+ )?(?:results?|experiments?|evaluations?|analysis|findings|empirical)\b/i],
  ['openResults', /^(?:experimental |empirical |extensive |numerical )?(?:results?|experiments?|evaluations?)\b/i],
  ['openThe', /^the\b/i],
  ['openA', /^an?\b/i],
  ['openHowever', /^(?:however|but|unfortunately|yet|although|despite|while)\b/i],
  ['openRecent', /^(?:recent(?:ly)?|in recent years|over the past|nowadays|currently|today)\b/i],
  ['openThis', new RegExp(String.raw`^(?:this|these|such|that)\b(?! (?:${COMMON_SELF_NOUNS}))`, 'i')],
  ['openTo', /^(?:to|for|in order to)\b/i],
  ['openIt', /^(?:it|they)\b/i],
  ['mentionsNovel', /\b(?:novel|new)\b/i],
  ['mentionsCalled', /\b(?:called|named|dubbed|termed)\b/i],
  ['mentionsOutperform', /\b(?:outperform\w*|state-of-the-art|superior|better than)\b/i],
  ['mentionsDataset', /\b(?:datasets?|benchmarks?|corpus|corpora)\b/i],
  ['mentionsProblem', /\b(?:challenge|challenging|difficult|problem|issue|limitation|lack)\b/i],
  ['hasColonOrAcronymDef', /\([A-Z][A-Za-z-]*[A-Z]\w*\)|:/],
  // Sentences that cite other work describe prior work, not this paper's contribution. (Citation marks and \cite, as
  // the scorer was trained; not MENTIONS_OTHER_WORK's later names-only form.)
  ['mentionsOtherWork', new RegExp(`${CITATION_MARKS.source}|\\\\cite`)],
] as const;

/** Feature names in the order of the vectors; the shipped model file records them to catch mismatches. */
export const FEATURE_NAMES = [
  'abstractRouge1',
  'abstractRouge2',
  'titleRecall',
  'titlePrecision',
  'position',
  'isFirst',
  'isLast',
  'sectionIntro',
  'sectionConclusion',
  'length',
  'lengthDeviation',
  'numericCount',
  'keyphraseScore',
  'centrality',
  'contributionCue',
  'thisPaperPhrase',
  'startsWithWe',
  'firstContribution',
  'backgroundCue',
  'resultCue',
  'structureCue',
  'kept',
  'truncated',
  'droppedParentheticals',
  'droppedFrame',
  'position0',
  'position1',
  'position2',
  'contributionRank',
  'verbPropose',
  'verbShow',
  'verbStudy',
  'verbUse',
  'startsWithThisPaper',
  'startsWithOur',
  'noveltyWord',
  'maxSimilarity',
  'documentLength',
  'titleRank',
  'abstractRougeRank',
  'keyphraseRank',
  'centralityRank',
  'afterFirstContribution',
  'beforeFirstContribution',
  ...OPENING_PATTERNS.map(([name]) => name),
] as const;

const VERB_PROPOSE = /\b(?:propose|proposes|introduce|introduces|present|presents|develop|develops|design|devise|formulate)\b/i;
const VERB_SHOW = /\b(?:show|shows|demonstrate|demonstrates|prove|proves|find|finds|observe|observes|achieve|achieves|outperform|outperforms)\b/i;
const VERB_STUDY = /\b(?:study|studies|investigate|investigates|explore|explores|analy[sz]e|analy[sz]es|examine|examines|address|addresses|consider|considers)\b/i;
const VERB_USE = /\b(?:use|uses|apply|applies|employ|employs|leverage|leverages|train|trains|learn|learns)\b/i;
const NOVELTY_WORD = /\b(?:novel|new|first|simple|efficient|general|unified|framework|method|approach|model|algorithm)\b/i;

/** Length of a typical reference TLDR / citation sentence, in words; deviation from it is a feature. */
const TYPICAL_LENGTH = 20;

/** Per-document context computed once and shared by all candidates of that document. */
interface DocumentContext {
  sentences: SourceSentence[];
  title: string;
  titleTerms: Set<string>;
  /** For each sentence: the rest of the document (for AbstractROUGE). */
  rest: string[];
  termCounts: Map<string, number>;
  vectors: Array<Map<string, number>>;
  firstContributionIndex: number;
  /** For each sentence: how many earlier sentences carry a contribution cue (-1 if it has none itself). */
  contributionRank: number[];
  /** Per sentence, its rank (0 = best) within the document on title overlap, AbstractROUGE, keyphrase, centrality. */
  ranks: { title: number[]; abstractRouge: number[]; keyphrase: number[]; centrality: number[] };
}

function ranksOf(values: readonly number[]): number[] {
  const order = values.map((v, i) => ({ v, i })).sort((a, b) => b.v - a.v);
  const ranks = new Array<number>(values.length).fill(0);
  order.forEach((o, r) => (ranks[o.i] = Math.min(r, 5)));
  return ranks;
}

export function documentContext(sentences: SourceSentence[], title: string): DocumentContext {
  const terms = sentences.map((s) => contentTerms(s.text));
  const termCounts = termFrequencies([...terms.flat(), ...contentTerms(title)]);
  const vectors = terms.map((t) => termFrequencies(t));
  const rest = sentences.map((_, i) => sentences.filter((__, j) => j !== i).map((s) => s.text).join(' '));
  const firstContributionIndex = sentences.findIndex((s) => CONTRIBUTION_CUE.test(s.text) || THIS_PAPER_PHRASE.test(s.text));
  let seen = 0;
  const contributionRank = sentences.map((s) => (CONTRIBUTION_CUE.test(s.text) || THIS_PAPER_PHRASE.test(s.text) ? seen++ : -1));
  const titleTerms = new Set(contentTerms(title));
  const titleScores = terms.map((t) => t.filter((x) => titleTerms.has(x)).length / Math.max(1, titleTerms.size));
  const abstractScores = sentences.map((s, i) => (rest[i] ? rougeScores(s.text, rest[i], { types: ['rouge1'] as const }).rouge1.p : 0));
  const keyphraseScores = terms.map((t) => t.reduce((a, x) => a + Math.log(1 + (termCounts.get(x) ?? 0)), 0) / Math.max(1, t.length));
  const centralityScores = vectors.map((v, i) => vectors.reduce((a, w, j) => (j === i ? a : a + cosine(v, w)), 0));
  return {
    sentences,
    title,
    titleTerms,
    rest,
    termCounts,
    vectors,
    firstContributionIndex,
    contributionRank,
    ranks: { title: ranksOf(titleScores), abstractRouge: ranksOf(abstractScores), keyphrase: ranksOf(keyphraseScores), centrality: ranksOf(centralityScores) },
  };
}

export function candidateFeatures(ctx: DocumentContext, sentenceIndex: number, variant: CompressionVariant): number[] {
  const source = ctx.sentences[sentenceIndex];
  const original = source.text;
  const text = variant.text;
  const tokens = tokenize(text);
  const terms = contentTerms(text);
  const n = ctx.sentences.length;

  const abstract = ctx.rest[sentenceIndex]
    ? rougeScores(text, ctx.rest[sentenceIndex], { types: ['rouge1', 'rouge2'] as const })
    : { rouge1: { p: 0, r: 0, f: 0 }, rouge2: { p: 0, r: 0, f: 0 } };
  let titleHits = 0;
  const termSet = new Set(terms);
  for (const t of ctx.titleTerms) if (termSet.has(t)) titleHits++;

  let keyphrase = 0;
  for (const t of terms) keyphrase += Math.log(1 + (ctx.termCounts.get(t) ?? 0));
  keyphrase /= Math.max(1, terms.length);

  let centrality = 0;
  let maxSimilarity = 0;
  for (let j = 0; j < n; j++) {
    if (j === sentenceIndex) continue;
    const sim = cosine(ctx.vectors[sentenceIndex], ctx.vectors[j]);
    centrality += sim;
    if (sim > maxSimilarity) maxSimilarity = sim;
  }
  centrality /= Math.max(1, n - 1);
  const rank = ctx.contributionRank[sentenceIndex];

  const section = source.section;
  const opening = stripLeadingDiscourse(original);
  const features: Record<string, number> = {
    abstractRouge1: abstract.rouge1.p,
    abstractRouge2: abstract.rouge2.p,
    titleRecall: ctx.titleTerms.size ? titleHits / ctx.titleTerms.size : 0,
    titlePrecision: termSet.size ? titleHits / termSet.size : 0,
    position: n > 1 ? sentenceIndex / (n - 1) : 0,
    isFirst: sentenceIndex === 0 ? 1 : 0,
    isLast: sentenceIndex === n - 1 ? 1 : 0,
    sectionIntro: section === 'introduction' ? 1 : 0,
    sectionConclusion: section === 'conclusion' ? 1 : 0,
    length: tokens.length,
    lengthDeviation: Math.abs(tokens.length - TYPICAL_LENGTH),
    numericCount: tokens.filter((t) => /\d/.test(t)).length,
    keyphraseScore: keyphrase,
    centrality,
    contributionCue: CONTRIBUTION_CUE.test(original) ? 1 : 0,
    thisPaperPhrase: THIS_PAPER_PHRASE.test(original) ? 1 : 0,
    startsWithWe: STARTS_WITH_WE.test(original) ? 1 : 0,
    firstContribution: sentenceIndex === ctx.firstContributionIndex ? 1 : 0,
    backgroundCue: BACKGROUND_CUE.test(original) ? 1 : 0,
    resultCue: RESULT_CUE.test(original) ? 1 : 0,
    structureCue: STRUCTURE_CUE.test(original) ? 1 : 0,
    kept: variant.kept,
    truncated: variant.truncated ? 1 : 0,
    droppedParentheticals: variant.droppedParentheticals ? 1 : 0,
    droppedFrame: variant.droppedFrame ? 1 : 0,
    position0: sentenceIndex === 0 ? 1 : 0,
    position1: sentenceIndex === 1 ? 1 : 0,
    position2: sentenceIndex === 2 ? 1 : 0,
    contributionRank: rank < 0 ? 3 : Math.min(rank, 2),
    verbPropose: VERB_PROPOSE.test(original) ? 1 : 0,
    verbShow: VERB_SHOW.test(original) ? 1 : 0,
    verbStudy: VERB_STUDY.test(original) ? 1 : 0,
    verbUse: VERB_USE.test(original) ? 1 : 0,
    startsWithThisPaper: STARTS_WITH_THIS_PAPER.test(original) ? 1 : 0,
    startsWithOur: /^our\b/i.test(original) ? 1 : 0,
    noveltyWord: NOVELTY_WORD.test(text) ? 1 : 0,
    maxSimilarity,
    documentLength: n,
    titleRank: ctx.ranks.title[sentenceIndex],
    abstractRougeRank: ctx.ranks.abstractRouge[sentenceIndex],
    keyphraseRank: ctx.ranks.keyphrase[sentenceIndex],
    centralityRank: ctx.ranks.centrality[sentenceIndex],
    afterFirstContribution: ctx.firstContributionIndex >= 0 && sentenceIndex > ctx.firstContributionIndex ? 1 : 0,
    beforeFirstContribution: ctx.firstContributionIndex >= 0 && sentenceIndex < ctx.firstContributionIndex ? 1 : 0,
  };
  // Opening patterns are exclusive for the "we …" family (first match wins); the rest are independent.
  let weMatched = false;
  for (const [name, re] of OPENING_PATTERNS) {
    const isWe = name.startsWith('openWe');
    const target = name.startsWith('open') ? opening : original;
    const hit = re.test(target) && !(isWe && weMatched);
    if (hit && isWe) weMatched = true;
    features[name] = hit ? 1 : 0;
  }
  return FEATURE_NAMES.map((name) => features[name]);
}
