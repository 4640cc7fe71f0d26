// contribution: which of a work's sentences a draft describes it by. A reader of related work wants what each work
// proposes or shows ("We propose two binary approximations of convolutional networks"), not its praise of itself ("The
// binary networks are simple, accurate and efficient") nor a result on one benchmark, even where those share more
// words with the author's abstract.
import { type ScoredCandidate } from '../engine/citation';
import { contentTerms } from '../text/tokens';
import { indefiniteArticle } from '../text/articles';
import { COMMON_SELF_NOUNS, CONTRIBUTION_CUE, SELF_NOUNS, THIS_PAPER_PHRASE } from '../engine/cues';
import { looksLikeExtractionJunk, stripLeadingDiscourse } from '../rewrite';
import { follows, standsAlone } from './contrast';
import { CONTRIBUTION_VERBS, PROCEDURE_STEP_OPENERS } from '../lexicon/method-kinds';
import { escapeRegExp } from '../text/regexp';

/**
 * What a sentence that states the work's contribution ("We propose …", "This paper presents …") weighs over the
 * work's other sentences about itself, on the scale of the draft's scores (the scorer's plus twice the cosine with the
 * author's abstract): enough to pass a sentence that shares a few more of the author's words. On CiteBench dev 0.1
 * changed 9 of 26 drafts, most for the better; 0.2 cost two works their sentence (longer sentences won).
 */
export const DRAFT_CONTRIBUTION_BONUS = 0.1;

/**
 * Whether a candidate's source sentence opens on what the work contributes ("We propose …", "In this paper we
 * present …", "This paper studies …"). A cue deep in the sentence follows the scene it sets: "Caruana and his
 * collaborators have shown that …, and we develop this approach further" is about Caruana first.
 */
export function statesContribution(c: ScoredCandidate): boolean {
  if (c.describesWork !== true) return false;
  const s = stripLeadingDiscourse(c.source.text);
  const cue = CONTRIBUTION_CUE.exec(s) ?? THIS_PAPER_PHRASE.exec(s);
  return cue !== null && cue.index <= CONTRIBUTION_OPENING_CHARS;
}

/** How far into a sentence its contribution cue may stand: a short opener such as "In this paper, " or "Here, ". */
const CONTRIBUTION_OPENING_CHARS = 32;

/** "First, we train …", "In the training phase, we collect …": a step of the work's procedure (see PROCEDURE_STEP_OPENERS). */
const OPENS_ON_A_STEP = new RegExp(String.raw`^(?:${PROCEDURE_STEP_OPENERS.join('|')})\b,?\s+(?:we|i|our|my|the|it|they|this|a|an)\b`, 'i');
/** "Second, we propose a new algorithm, the nonlocal means": a contribution, though counted as a step. */
const STEP_THAT_CONTRIBUTES = new RegExp(String.raw`^[^,]{0,60},?\s+(?:we|i)\s+(?:also\s+)?(?:${Object.keys(CONTRIBUTION_VERBS).join('|')})[sd]?\b`, 'i');

/** Whether a work's sentence tells one step of its procedure rather than what the work contributes. */
export function tellsAStep(sourceText: string): boolean {
  const s = sourceText.trim();
  return OPENS_ON_A_STEP.test(s) && !STEP_THAT_CONTRIBUTES.test(s);
}

/** The objects a work tests or illustrates: "our results", "the proposed method", "these concepts". */
const TESTED_THING =
  String.raw`(?:our|the|these|this|its|their)\s+(?:proposed\s+|new\s+)?` +
  String.raw`(?:results?|findings|approach|method|methods|model|framework|algorithm|concepts?|ideas?|claims?|theory|system|proposal|technique|scheme` +
  // "We demonstrate the capabilities of this model with two example applications"
  String.raw`|(?:capabilit(?:y|ies)|applicability|performance|usefulness|use)\s+of)`;
/** How a work's checking is told: "extensive experiments", "three illustrative case studies", "simulations". */
const CHECKS = String.raw`(?:[\w-]+\s+){0,3}(?:experiments|simulations|evaluations|case\s+studies|examples|user\s+studies)`;
/** Who does it: "we", "this study", "the authors". */
const THE_WORK = String.raw`(?:we|this\s+(?:study|paper|work|letter|article)|the\s+authors)`;

/**
 * What a reader does not cite a work for, though the work does it (a blind reader marked "[7] validated their results
 * by deploying …" and "In [9], the authors presented three illustrative case studies" as a work described by a side
 * detail): how it was checked or illustrated, and a sentence that says only that something was mentioned ("Linguistic
 * relevance of these systems has been briefly discussed also").
 */
const SIDE_DETAIL = new RegExp(
  [
    // "We validate our results by deploying …", "To test the proposed method, this study conducts extensive experiments"
    String.raw`^(?:to\s+(?:test|validate|verify|evaluate|assess|demonstrate|illustrate|show)\b[^,]{0,80},\s*)?${THE_WORK}\s+(?:also\s+|further\s+|then\s+|finally\s+)?` +
      String.raw`(?:(?:validate|verify|test|evaluate|assess|illustrate|demonstrate)[sd]?\s+${TESTED_THING}\b|(?:conduct|perform|run|carr(?:y|ies)\s+out|present|report|provide)s?\s+${CHECKS}\b)`,
    // "Three illustrative case studies are presented.", "Extensive experiments were conducted on …"
    String.raw`^${CHECKS}\s+(?:are|were|is|was|have\s+been)\s+(?:presented|given|provided|conducted|performed|carried\s+out|reported)\b`,
    // "Our extensive experiments demonstrate that our model …": how well it did, which a reader cites only beside what it is
    String.raw`^(?:our|the|these)\s+(?:[\w-]+\s+){0,2}(?:experiments|experimental\s+results|evaluations|simulations|simulation\s+results)\s+` +
      String.raw`(?:[^,]{0,60}\s+)?(?:demonstrate|show|indicate|confirm|reveal)s?\s+that\b`,
    // "… explore its application to two problems.": the problems are named in a sentence the draft does not quote
    String.raw`\b(?:to|on|in|for|with)\s+(?:two|three|four|five|several|a\s+few|a\s+number\s+of)\s+(?:[\w-]+\s+)?` +
      String.raw`(?:problems|tasks|applications|domains|settings|cases|areas|examples|scenarios|questions)\s*\.?$`,
    // "The proposed method achieves the state-of-the-art performance consistently.": a bare claim of rank, nothing of
    // what the method is (a blind reader: "[8] is cited only for a claim", CiteBench dev case 9)
    String.raw`^(?:${THE_WORK}|(?:our|the|this|its)(?:\s+[\w-]+){1,4}?)` +
      String.raw`\s+(?:\w+ly\s+)?(?:achieves?|attains?|obtains?|yields?|delivers?|reaches)\s+(?:the\s+|a\s+)?(?:new\s+)?state[- ]of[- ]the[- ]art` +
      String.raw`(?:\s+(?:performance|results?|accuracy))?(?:\s+[\w-]+){0,4}\s*\.?$`,
    // "… has been briefly discussed also.": that it was mentioned, and nothing of what was said
    String.raw`\b(?:has|have|is|are|was|were)\s+(?:been\s+)?(?:(?:briefly|also|only|shortly)\s+)*(?:discussed|mentioned|noted|touched\s+upon)(?:\s+(?:also|too|as\s+well))?\s*\.?$`,
  ].join('|'),
  'i',
);

/**
 * "In this paper, we build upon recent advances in neuroscience research which have shown that …": what others found,
 * which the work starts from. Not raised as a contribution, but not set aside either: what follows it in the abstract
 * often points back at it ("We extend this concept to robotic hands").
 */
const BUILDS_ON_OTHERS = new RegExp(
  String.raw`^(?:in\s+this\s+(?:${COMMON_SELF_NOUNS}),?\s+)?${THE_WORK}\s+(?:build|builds|draw|draws|rely|relies)\s+(?:up)?on\s+` +
    String.raw`(?:(?:the|recent|previous|prior|earlier|existing)\s+)*(?:advances|results|findings|work|research|studies|insights|literature)\b`,
  'i',
);

/** A figure of how well a work did: "280 times", "by 35%", "a 3-fold speed-up", "by a factor of 40". */
const FIGURE = /\b\d+(?:\.\d+)?\s*(?:times|x|×|%|percent|-?fold)(?![\p{L}\d])|\bby\s+a\s+factor\s+of\s+\d/giu;

/**
 * Whether a work's sentence tells a side detail of it (how it was checked) rather than what it contributes, or only
 * its figures: "We reduce the number of parameters up to 280 times on LeNet and up to 68 times on VGG-like networks"
 * says how much, not by what (a blind reader: "a work described by a number").
 */
export function tellsASideDetail(c: ScoredCandidate): boolean {
  const s = stripLeadingDiscourse(c.source.text.trim());
  // "We introduce deep compression, a three stage pipeline … that reduces storage by 35x to 49x": figures beside what it is
  return SIDE_DETAIL.test(s) || ((s.match(FIGURE)?.length ?? 0) >= 2 && !statesContribution(c));
}

/**
 * A sentence that adds to another point of the work: "Moreover, we quantize the parameter gradients to 6-bits as well",
 * "We also introduce a new type of ensemble composed of … specialist models", "Last but not least, we program a GPU
 * kernel". A reader cites a work for its main point (a blind reader: "[2] cited for specialist ensembles rather than
 * knowledge distillation", CiteBench dev case 12); the addition leans on it. Not "as well as", nor a comparison
 * ("performs as well").
 */
const ADDS_TO_ANOTHER = new RegExp(
  [
    String.raw`^(?:moreover|furthermore|in\s+addition|additionally|besides|last\s+but\s+not\s+least|on\s+top\s+of\s+(?:that|this))\b`,
    String.raw`^(?:[^,]{0,40},\s*)?(?:we|this\s+(?:paper|work|study))\s+(?:\w+ly\s+)?also\b`,
    String.raw`(?<!\b(?:performs?|performed|works?|worked|does|do|did|fares?|fared))\s+(?:as\s+well|too)\b(?!\s+as\b)(?=\s*(?:[,.;]|which\b|$))`,
  ].join('|'),
  'i',
);

/** Whether a work's sentence adds to another of its points rather than stating the work's main one. */
export function addsToAnother(sourceText: string): boolean {
  return ADDS_TO_ANOTHER.test(stripLeadingDiscourse(sourceText.trim())) || ADDS_TO_ANOTHER.test(sourceText.trim());
}

/**
 * A work's best candidates (one per source sentence), those that state its contribution raised and those that tell one
 * step of its procedure or a side detail lowered by as much, best first: "[2] described a method to reduce the storage
 * of neural networks by an order of magnitude" before "[2] trained the network to learn which connections are
 * important", "[9] demonstrated the value of interdependency analysis …" before "[9] presented three illustrative case
 * studies". A side detail is cited only as a last resort: the length stages do not give it to a work as its only
 * sentence, nor as a second one.
 */
export function contributionFirst(options: ScoredCandidate[]): ScoredCandidate[] {
  for (const c of options) {
    if (tellsASideDetail(c)) {
      c.score -= DRAFT_CONTRIBUTION_BONUS;
      c.lastResort = true;
    } else if (tellsAStep(c.source.text) || addsToAnother(c.source.text)) c.score -= DRAFT_CONTRIBUTION_BONUS;
    else if (statesContribution(c) && !BUILDS_ON_OTHERS.test(stripLeadingDiscourse(c.source.text.trim()))) c.score += DRAFT_CONTRIBUTION_BONUS;
  }
  return options.sort((a, b) => b.score - a.score);
}

/** Nouns after "this" that make an idiom rather than point back: "to this end", "in this way", "at this point". */
const THIS_IDIOMS = 'end|way|case|point|time|regard|respect|purpose|sense|manner|extent|stage|setting|context|direction|is|was|has|can|also|new|novel';

/**
 * A work's sentence that a reader cannot follow alone: "these systems", "such models", "those methods" (not "such as") name what the
 * abstract said before ("Linguistic relevance of these systems has been briefly discussed also" was a whole draft, graded
 * 1 by a blind reader), and an editor's note tells of the volume, not of its content ("The editor of this volume … has
 * provided an introduction that …"). "This paper", "this book" name the work itself.
 */
const POINTS_ELSEWHERE = new RegExp(
  [
    String.raw`\b(?:these|those|such)\s+(?!as\b|(?:${SELF_NOUNS})s?\b)[a-z]`,
    // "We extend this concept to robotic hands", "Based on this idea, …": not "this paper", "to this end", "in this way"
    String.raw`\bthis\s+(?!(?:${SELF_NOUNS}|${THIS_IDIOMS})\b)[a-z]+\b(?!\s+(?:of|that|which|who|where)\b)`,
    String.raw`\bthe\s+editors?\s+of\b`,
    String.raw`\b(?:the|its)\s+(?:contributions|contributors|chapters|articles)\s+(?:in|of|to)\s+this\b`,
  ].join('|'),
  'i',
);

/**
 * Whether the sentence a draft writes for a work points to what the draft does not quote, near its opening where the
 * reader meets it, or tells of an edited volume's making. Read on the written version: "In order to deploy these RNNs
 * efficiently, we propose …" is written "In order to deploy RNNs efficiently, Roe proposed …".
 */
export function pointsElsewhere(written: string): boolean {
  const s = stripLeadingDiscourse(written);
  const m = POINTS_ELSEWHERE.exec(s);
  return m !== null && (m.index <= POINTER_OPENING_CHARS || !/^(?:these|those|such|this)\b/i.test(m[0]));
}

/** How far into a sentence a pointer makes it unreadable alone: "Linguistic relevance of these systems …". */
const POINTER_OPENING_CHARS = 40;

/** "In this paper, a tree adjunct grammar is described": the work's own act, though in the passive. */
const OPENS_ON_THE_WORK = new RegExp(String.raw`^.{0,${CONTRIBUTION_OPENING_CHARS}}?\b(?:in|here,? in)\s+(?:this|the present)\s+(?:${SELF_NOUNS})\b`, 'i');

/**
 * The work's best sentence, unless that points elsewhere (see POINTS_ELSEWHERE) while another of its sentences opens on
 * the work's contribution and reads alone: that one goes first, even where the scorer had set it aside as naming other
 * works ("In this paper, a tree adjunct grammar is described and related to the systems of Brainerd and Rounds" is
 * still this work's contribution, and a reader follows it).
 */
export function selfContainedFirst(options: ScoredCandidate[]): ScoredCandidate[] {
  if (!options.length || !pointsElsewhere(options[0].text)) return options;
  const opensOnWork = (c: ScoredCandidate) => statesContribution(c) || (c.describesWork === true && OPENS_ON_THE_WORK.test(c.source.text));
  // A step or a side detail is no better for reading alone ("In the training phase, we collect …").
  const aside = (c: ScoredCandidate) => tellsAStep(c.source.text) || tellsASideDetail(c);
  const alone = options.findIndex((c) => opensOnWork(c) && !aside(c) && !pointsElsewhere(c.text) && standsAlone(c.extract) && !looksLikeExtractionJunk(c.extract));
  if (alone <= 0) return options;
  return [options[alone], ...options.filter((_, i) => i !== alone)];
}

/**
 * A fronted clause that tells why the work was done, not what it did: "Motivated by the need to guarantee safety, we
 * construct …", "In order to deploy these networks efficiently, we propose …", "Based on this analysis, we propose …"
 * (what "this analysis" was, the draft does not say). A blind reader marked such openings as a work described by its
 * motivation; the main clause says what the work did. "Based on a shared embedding, we design …" keeps its means.
 */
const MOTIVATION_OPENER = new RegExp(
  String.raw`^(?:(?:motivated|inspired|driven|prompted|encouraged|guided)\s+by|with\s+(?:the|a)\s+(?:aim|goal|purpose|view)\s+(?:of|to|toward)|as\s+a\s+means\s+(?:of|to)` +
    String.raw`|based\s+on\s+(?:this|these|that|those|their|our|its|such|the\s+above)\b` +
    // "In order to deploy these RNNs efficiently, …": a purpose that points back; "In order to improve the generalization
    // of denoisers, …" says what the work is for, and stays
    String.raw`|(?:in\s+order|so\s+as)\s+to\s+[^,]{0,60}\b(?:this|these|those|such)\b)`,
  'i',
);

/** Up to the authors' main clause: "Motivated by the need to …, " before "we construct …". */
const AUTHORS_MAIN_CLAUSE = /^[^;]{3,200}?,\s+(?=(?:we|this (?:paper|work|study|letter|article))\s)/i;

/** Words the main clause must keep for the sentence to say what the work did ("… [0] constructed permissive barrier …"). */
const MIN_MAIN_CLAUSE_WORDS = 6;

/**
 * The candidate without its fronted motivation ("Motivated by …, \cite{k} constructed X" → "\cite{k} constructed X"),
 * or the candidate itself where it has none, or where its written text does not show the cut as its extract does.
 */
export function withoutMotivation(c: ScoredCandidate): ScoredCandidate {
  const extract = c.extract.trim();
  if (!MOTIVATION_OPENER.test(extract)) return c;
  // The authors' main clause after the motivation; unlike rewrite's dropFrontedClause, the motivation may be theirs
  // ("Based on our theoretical analysis, we propose …").
  const fronted = AUTHORS_MAIN_CLAUSE.exec(extract);
  if (!fronted) return c;
  const authors = extract.slice(fronted[0].length);
  // The written text has the same fronted clause, its words rewritten ("these RNNs" → "these Recurrent Neural
  // Networks") but its commas kept: the main clause starts after as many commas as the extract's fronted part has.
  const commas = (fronted[0].match(/,/g) ?? []).length;
  const parts = c.text.split(', ');
  if (parts.length <= commas) return c;
  const rest = parts.slice(commas).join(', ');
  const dropped = parts.slice(0, commas).join(', ');
  // The citation goes with the main clause; a cut that would leave it behind, or leave too little, is not made. Nor one
  // whose commas the rewrite moved ("Motivated by X (e.g., Y), we …" written without its aside): the dropped part
  // must end on the word the motivation ends on.
  const lastWord = (t: string) => /([\p{L}\d-]+)\W*$/u.exec(t)?.[1];
  if (rest.split(/\s+/).length < MIN_MAIN_CLAUSE_WORDS || /\\cite|\[@|\[\d/.test(dropped) || lastWord(dropped) !== lastWord(fronted[0])) return c;
  const upper = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);
  return { ...c, extract: upper(authors), text: upper(rest) };
}

/** What defines the noun before it, and so must not be cut from it: "the region where the system can be stabilized". */
const DEFINING_CLAUSE = /^(?:where|whose|in\s+which|for\s+which|on\s+which|at\s+which|under\s+which)\b/i;

/**
 * Whether a shorter version of a work's sentence ends on a noun whose defining clause it cut: "[0] constructed permissive
 * barrier certificates that explicitly maximize the region." (of "… the region where the system can be stabilized
 * without violating safety constraints"), which a blind reader marked as a cut sentence. Read on the extracts, which
 * carry no citation.
 */
export function cutsADefinition(shorter: ScoredCandidate, full: ScoredCandidate): boolean {
  const kept = shorter.extract.trim().replace(/[.;:,]+$/, '');
  const whole = full.extract.trim();
  if (!whole.startsWith(kept) || !/\bthe\s+(?:[\w-]+\s+)?[\w-]+$/i.test(kept)) return false;
  return DEFINING_CLAUSE.test(whole.slice(kept.length).trim());
}

/**
 * The option indices a work is first described by: its best sentence, unless that tells only what others found and the
 * work builds on ("In this paper, we build upon recent advances in neuroscience research which have shown that …", a
 * blind reader's "gives [0]'s motivation, not its contribution") while the abstract's next sentence tells what the work
 * did with it. That sentence goes first where it reads alone; where it points back ("We extend this concept to robotic
 * hands …"), it follows the finding it extends, and the draft says both.
 */
export function firstChosen(options: ScoredCandidate[]): number[] {
  const best = options[0];
  if (!best || !BUILDS_ON_OTHERS.test(stripLeadingDiscourse(best.source.text.trim()))) return [0];
  const next = options.findIndex((c) => follows(c, best) && c.describesWork === true && !c.lastResort && !tellsASideDetail(c));
  if (next < 0) return [0];
  if (!pointsElsewhere(options[next].text) && standsAlone(options[next].extract)) {
    options.unshift(...options.splice(next, 1));
    return [0];
  }
  return [0, next];
}

/** ", in which secondary users want to …": a clause after a comma that adds to its noun rather than defines it. */
const ADDING_RELATIVE = /,\s+(?:in|under|by|through|for)\s+which\s+/i;
/** Words the sentence must keep before the clause to still say what the work did. */
const MIN_WORDS_BEFORE_RELATIVE = 8;

/**
 * The candidate without the clause its last noun phrase takes after a comma ("\cite{5} introduced a distributed dynamic
 * routing algorithm in multi-hop cognitive radio networks, in which secondary users want to minimize …" → "… radio
 * networks."), or none: where the length allows only a short sentence, the work is still described by its contribution
 * rather than by a shorter side detail ("[5] employed a cognitive pilot channel for secondary users …", CiteBench dev
 * case 25). Made only where the citation stays in the part kept, in the written text as in the extract.
 */
export function withoutAddingClause(c: ScoredCandidate): ScoredCandidate | undefined {
  const inText = ADDING_RELATIVE.exec(c.text);
  const inExtract = ADDING_RELATIVE.exec(c.extract);
  if (!inText || !inExtract) return undefined;
  const text = c.text.slice(0, inText.index);
  if (!/\\cite|\[@|\[\d/.test(text) || text.split(/\s+/).length < MIN_WORDS_BEFORE_RELATIVE) return undefined;
  return { ...c, text: `${text}.`, extract: `${c.extract.slice(0, inExtract.index)}.` };
}

/** "Based on the 2-Component shared embedding, …": a fronted means named with "the", up to its comma. */
const MEANS_WITH_THE = /^(Based on|Building on|Using) the ((?:[\p{L}\d-]+ ){0,4}([\p{L}\d-]+)),\s/u;

/**
 * The candidate with its fronted means introduced rather than pointed at, where the abstract named it in a sentence the
 * draft does not quote: "Based on the 2-Component shared embedding, \cite{4} designed …" after "The key idea is to use
 * 2-Component shared embedding for word representations" reads, alone, as pointing at something the draft never said (a
 * blind reader, CiteBench dev case 15); "Based on a 2-Component shared embedding, \cite{4} designed …" introduces it.
 * A means the earlier sentences never named ("Based on the Fourier transform, …") keeps its "the".
 */
export function withIntroducedMeans(c: ScoredCandidate, earlier: readonly string[]): ScoredCandidate {
  const m = MEANS_WITH_THE.exec(c.text);
  if (!m || !MEANS_WITH_THE.test(c.extract) || /^\p{Lu}/u.test(m[2])) return c;
  const head = m[3].toLowerCase();
  if (!earlier.some((s) => new RegExp(`(?<![\\p{L}\\d-])${escapeRegExp(head)}(?![\\p{L}\\d-])`, 'iu').test(s))) return c;
  // "Using an unsupervised embedding", "an hourly series", "a unified embedding": the article the next word takes.
  const article = /s$/.test(head) ? '' : `${indefiniteArticle(m[2])} `;
  const introduce = (t: string) => t.replace(MEANS_WITH_THE, (_all, opener: string, phrase: string) => `${opener} ${article}${phrase}, `);
  return { ...c, text: introduce(c.text), extract: introduce(c.extract) };
}

/**
 * What a work's sentence weighs, on the draft's scale, for carrying all of its title's content words: the title is the
 * authors' shortest statement of what the work contributes, so of two sentences that each say "we propose", the one that
 * names the title's method ("… we propose a new algorithm, the nonlocal means …" under a title "A non-local algorithm
 * for image denoising") gains on one about a side measure ("We propose a new measure, the method noise, to evaluate …").
 * As much as the contribution bonus, so a title alone does not lift a sentence that states nothing of the work over
 * one that states its contribution. CiteBench gives no titles: its drafts do not change; a library's entries have them.
 */
export const DRAFT_TITLE_WEIGHT = 0.1;

/** "ThiNet: A Filter Level Pruning Method …": the system name a title opens with, before its colon. */
const TITLE_NAME = /^\s*([\p{L}\d][\p{L}\d+.-]{1,30}(?:\s[\p{L}\d][\p{L}\d+.-]{1,30})?)\s*:\s+\S/u;

/** Words hyphenated or not ("non-local", "nonlocal") and in any case read alike. */
const folded = (text: string) => text.toLowerCase().replace(/(?<=\p{L})-(?=\p{L})/gu, '');

/**
 * How much of a work's title its sentence carries, 0 to 1: the share of the title's content words, or all of it where
 * the sentence names the system the title opens with ("ThiNet: …" and "we propose ThiNet, …"). A title of fewer than
 * two content words says too little to weigh.
 */
export function titleShare(sourceText: string, title: string | undefined): number {
  if (!title?.trim()) return 0;
  const sentence = folded(sourceText);
  const name = TITLE_NAME.exec(title)?.[1];
  if (name && name.length >= 3 && new RegExp(`(?<![\\p{L}\\d])${escapeRegExp(folded(name))}(?![\\p{L}\\d])`, 'u').test(sentence)) return 1;
  const terms = [...new Set(contentTerms(folded(title)))];
  if (terms.length < 2) return 0;
  const words = new Set(contentTerms(sentence));
  return terms.filter((t) => words.has(t)).length / terms.length;
}

