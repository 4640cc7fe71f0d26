// flow: how a paragraph's sentences read one after another, once each is written. Rules as data with their
// examples (test/unit/drafting/draft-flow.test.ts runs them), among them:
// - two sentences on one work in a row become one ("[3] formulated X. [3] trained Y." → "[3] formulated X and
//   trained Y."): a blind reader marked "[3] introduced … [3] introduced …" in 20 of 48 drafts;
// - never three sentences in a row open the same way: where works are cited by number alone ("[3] proposed …"),
//   the third of a run is written "In [8], the authors proposed …" (flow-openings.ts, with the rules' common
//   reading of a sentence's opening in flow-rule.ts).
import { type CiteSyntax, type DraftSentence } from '../types';
import { isPastForm } from '../text/verbs';
import { wordCount } from '../text/tokens';
import { citeMarker } from '../rewrite/authors';
import { mendSurface } from '../rewrite/surface';
import { agreeVerb } from '../rewrite/agreement';
import { alternation, SELF_NOUNS } from '../lexicon';
import { type FlowRule, markerSubject, pastClause, subjectOf } from './flow-rule';
import { ANOTHER_OF_THE_KIND, VARY_OPENINGS } from './flow-openings';

/** Longest sentence two are merged into: past this, one sentence of 40 words reads worse than two. */
const MERGED_MAX_WORDS = 45;

const MERGE_SAME_WORK: FlowRule = {
  id: 'flow.merge-same-work',
  summary: 'Two sentences in a row whose subject is the same work become one: "[3] formulated X and trained Y."',
  apply(sentences, syntax) {
    const out: DraftSentence[] = [];
    for (const s of sentences) {
      const previous = out[out.length - 1];
      const subject = subjectOf(s, syntax);
      if (previous && subject && subjectOf(previous, syntax) === subject && previous.keys[0] === s.keys[0]) {
        const rest = s.text.slice(subject.length + 1).replace(/^also\s+/i, '');
        const first = previous.text.replace(/\.$/, '');
        // A first sentence that already joins two acts ("addressed X, and presented Y") takes no third.
        const joinsActs = first.split(/\s+and\s+/).slice(1).some(pastClause);
        if (pastClause(rest) && !joinsActs && wordCount(first) + wordCount(rest) <= MERGED_MAX_WORDS && !/[;:]/.test(first)) {
          // "and" alone where the first clause has no comma of its own: "X, Y and Z and trained …" would blur.
          const joint = first.includes(',') || first.includes(' and ') ? ', and ' : ' and ';
          out[out.length - 1] = { ...previous, text: `${first}${joint}${rest}`, sources: [...previous.sources, ...s.sources] };
          continue;
        }
      }
      out.push(s);
    }
    return out;
  },
  examples: [
    {
      input: ['\\cite{3} formulated structure from motion as a learning problem.', '\\cite{3} trained a convolutional network end-to-end.'],
      keys: [['3'], ['3']],
      output: ['\\cite{3} formulated structure from motion as a learning problem and trained a convolutional network end-to-end.'],
    },
    {
      input: ['\\cite{2} presented a system for dense camera tracking, entirely learned.', '\\cite{2} showed that many pose hypotheses help.'],
      keys: [['2'], ['2']],
      output: ['\\cite{2} presented a system for dense camera tracking, entirely learned, and showed that many pose hypotheses help.'],
    },
  ],
};

/**
 * A second sentence on the work just cited, which MERGE_SAME_WORK could not join (the first already joins two acts,
 * or the two would run too long): "It also described …" rather than the marker again.
 */
const SAME_WORK_AGAIN: FlowRule = {
  id: 'flow.same-work-again',
  summary: 'A sentence on the work the sentence before cited by its number opens "It also …": "[0] … [0] described" reads as a list.',
  apply(sentences, syntax) {
    return sentences.map((s, i) => {
      const previous = sentences[i - 1];
      const subject = subjectOf(s, syntax);
      if (!previous || !subject || previous.role !== 'work' || previous.keys.length !== 1 || previous.keys[0] !== s.keys[0] || !previous.text.includes(subject)) return s;
      const rest = s.text.slice(subject.length + 1);
      // "[0] showed that their procedure …" speaks of the work's authors: "It also showed that their procedure" would
      // not (a blind reader marks a change of voice), and "their" may be a noun's ("networks keep their accuracy").
      // "The authors also showed that their procedure …" then: who "their" are is said, and no marker opens it again.
      if (/\b(?:their|they|them)\b/i.test(rest)) return pastClause(rest) && !/^also\s/i.test(rest) ? { ...s, text: `The authors also ${rest}` } : s;
      // "[0] has GP-trained H-LSTMs for …" → "It has GP-trained H-LSTMs for …": no "also" to add before an auxiliary.
      // "[0] has explored X" (the authors' "I have explored") → "It also explored X": the past, as the sentence before.
      const perfect = /^(?:has|have)\s+([a-z]+ed)\b(.*)$/.exec(rest);
      if (perfect && isPastForm(perfect[1])) return { ...s, text: `It also ${perfect[1]}${perfect[2]}` };
      if (/^(?:has|had|is|was|can|could)\s/.test(rest)) return { ...s, text: `It ${rest}` };
      if (!pastClause(rest)) return s;
      return { ...s, text: /^also\s/i.test(rest) ? `It ${rest}` : `It also ${rest}` };
    });
  },
  examples: [
    {
      input: ['\\cite{0} addressed grasping in animation, and presented an algorithm for grasping motion.', '\\cite{0} described an approach for body positioning.'],
      keys: [['0'], ['0']],
      output: ['\\cite{0} addressed grasping in animation, and presented an algorithm for grasping motion.', 'It also described an approach for body positioning.'],
    },
    {
      input: ['\\cite{0} proposed a hidden-layer LSTM that adds hidden layers to its control gates.', '\\cite{0} has GP-trained such LSTMs for image captioning.'],
      keys: [['0'], ['0']],
      output: ['\\cite{0} proposed a hidden-layer LSTM that adds hidden layers to its control gates.', 'It has GP-trained such LSTMs for image captioning.'],
    },
    {
      input: ['\\cite{0} proposed an account of harbour surges.', '\\cite{0} has explored its use in tide tables.'],
      keys: [['0'], ['0']],
      output: ['\\cite{0} proposed an account of harbour surges.', 'It also explored its use in tide tables.'],
    },
    {
      input: ['\\cite{0} developed a convex surrogate for variance in risk minimization.', '\\cite{0} showed that their procedure comes with certificates of optimality.'],
      keys: [['0'], ['0']],
      output: ['\\cite{0} developed a convex surrogate for variance in risk minimization.', 'The authors also showed that their procedure comes with certificates of optimality.'],
    },
  ],
};

/**
 * The relation sentence of a paragraph on one work opens "It" where the sentence before already cites that work: a
 * blind reader marked "… iterative bootstrapping procedure [0]. [0] addresses the same problem as our work" and
 * "[0]. [0] is the work closest to ours" (CiteBench dev cases 6, 7) as the same marker twice in a row.
 */
const RELATION_AFTER_SAME_WORK: FlowRule = {
  id: 'flow.relation-after-same-work',
  summary: 'A relation sentence that opens with the marker the sentence before cites opens "It": "… [0]. It is the work closest to ours; we …".',
  apply(sentences, syntax) {
    return sentences.map((s, i) => {
      const previous = sentences[i - 1];
      if (s.role !== 'contrast' || s.keys.length !== 1 || !previous || previous.role !== 'work' || previous.keys.length !== 1 || previous.keys[0] !== s.keys[0]) return s;
      const opening = markerSubject(s.text, s.keys[0], syntax);
      // Only a verb of the present after the marker ("[0] is …", "[0] addresses …"): "[0] and [1] …" or "[0]'s model" keep theirs.
      if (!opening || !previous.text.includes(opening.marker) || !/^(?:is|has|also\s+\p{L}+s|\p{L}+s)\s/u.test(opening.rest)) return s;
      return { ...s, text: `It ${opening.rest}` };
    });
  },
  examples: [
    {
      input: ['The gauge model is based on two constraints exploited in an iterative procedure \\cite{0}.', '\\cite{0} addresses the same problem as our work; we compare three tide models.'],
      keys: [['0'], ['0']],
      roles: ['work', 'contrast'],
      output: ['The gauge model is based on two constraints exploited in an iterative procedure \\cite{0}.', 'It addresses the same problem as our work; we compare three tide models.'],
    },
    {
      input: ['\\cite{0} proposed an account of harbour surges.', '\\cite{1} is the work closest to ours; we present a tide measure.'],
      keys: [['0'], ['1']],
      roles: ['work', 'contrast'],
      output: ['\\cite{0} proposed an account of harbour surges.', '\\cite{1} is the work closest to ours; we present a tide measure.'],
    },
  ],
};

/** "The method of [0] uses …": a work's thing named by the work's marker, and the verb of the present after it. */
const THING_OF_WORK = /^The (?:method|approach|model|system|framework|algorithm|technique) of (\S+) ((?:is|has|\p{L}+s)\s.*)$/u;

/**
 * "[0] presented a framework for depth estimation. The method of [0] uses single-view depth networks …" names the
 * work twice in a row (CiteBench dev case 21): the second reads "It uses single-view depth networks …", the work
 * just cited being its subject.
 */
const THING_OF_SAME_WORK: FlowRule = {
  id: 'flow.thing-of-same-work',
  summary: 'After a sentence opening with a work\'s marker, "The method of [0] uses …" reads "It uses …".',
  apply(sentences, syntax) {
    return sentences.map((s, i) => {
      const previous = sentences[i - 1];
      if (!previous || s.role !== 'work' || s.keys.length !== 1 || previous.keys.length !== 1 || previous.keys[0] !== s.keys[0]) return s;
      const found = THING_OF_WORK.exec(s.text);
      const marker = found && subjectOf(previous, syntax);
      if (!found || !marker || found[1] !== marker) return s;
      return { ...s, text: `It ${found[2]}` };
    });
  },
  examples: [
    {
      input: ['\\cite{0} presented an unsupervised framework for harbour depth estimation.', 'The method of \\cite{0} uses gauge networks with a loss based on warping.'],
      keys: [['0'], ['0']],
      output: ['\\cite{0} presented an unsupervised framework for harbour depth estimation.', 'It uses gauge networks with a loss based on warping.'],
    },
    {
      input: ['\\cite{4} presented an unsupervised framework for harbour depth estimation.', 'The method of \\cite{0} uses gauge networks with a loss based on warping.'],
      keys: [['4'], ['0']],
      output: ['\\cite{4} presented an unsupervised framework for harbour depth estimation.', 'The method of \\cite{0} uses gauge networks with a loss based on warping.'],
    },
  ],
};

/** The most words each of two sentences may have to be joined into one, and the most the two together. */
const JOINED_EACH_MAX_WORDS = 16;
const JOINED_MAX_WORDS = 28;

/** A short sentence on one work that opens "[k] verbed" and holds one clause of its own (no list, no second work). */
function joinable(s: DraftSentence, syntax: CiteSyntax): string | undefined {
  const subject = subjectOf(s, syntax);
  if (!subject) return undefined;
  const rest = s.text.slice(subject.length + 1);
  if (!pastClause(rest) || wordCount(s.text) > JOINED_EACH_MAX_WORDS || /[;:]|,\s+and\b/.test(s.text)) return undefined;
  return s.text.slice(subject.length).includes(subject.slice(0, 3)) ? undefined : subject;
}

/**
 * In a run of three or more sentences that open "[k] verbed", two short ones in a row become one: "[6] presented an
 * acceleration method for CNNs. [7] explored variational dropout." → "[6] presented …, and [7] explored …". A blind
 * reader marked such runs as chains in every draft of many works (reading 8: case 13, nine in a row); where both did
 * the same ("proposed … proposed"), "while" sets the two side by side.
 */
const JOIN_SHORT_PAIRS: FlowRule = {
  id: 'flow.join-short-pairs',
  summary: 'In a run of three or more "[k] verbed …" sentences, two short ones in a row are joined: "[6] presented X, and [7] explored Y."',
  apply(sentences, syntax) {
    const opens = sentences.map((s) => {
      const subject = subjectOf(s, syntax);
      return subject !== undefined && pastClause(s.text.slice(subject.length + 1));
    });
    const inRun = sentences.map((_, i) => opens[i] && ((opens[i - 1] && (opens[i - 2] || opens[i + 1])) || (opens[i + 1] && opens[i + 2])));
    const out: DraftSentence[] = [];
    for (let i = 0; i < sentences.length; i++) {
      const s = sentences[i];
      const next = sentences[i + 1];
      const first = inRun[i] && next && inRun[i + 1] ? joinable(s, syntax) : undefined;
      const second = first ? joinable(next, syntax) : undefined;
      if (!first || !second || next.keys[0] === s.keys[0] || wordCount(s.text) + wordCount(next.text) > JOINED_MAX_WORDS) {
        out.push(s);
        continue;
      }
      const verb = (t: string, subject: string) => t.slice(subject.length + 1).split(/\s+/)[0];
      const joint = verb(s.text, first) === verb(next.text, second) ? ', while ' : ', and ';
      out.push({ ...s, text: `${s.text.replace(/\.$/, '')}${joint}${next.text}`, keys: [...s.keys, ...next.keys], sources: [...s.sources, ...next.sources] });
      i++;
    }
    return out;
  },
  examples: [
    {
      input: ['\\cite{1} introduced a three-stage compression pipeline for harbour gauges that cuts storage by a factor of forty.',
        '\\cite{6} presented an acceleration method for tide networks.', '\\cite{7} explored variational dropout for gauge readings.', '\\cite{3} pruned filters.'],
      keys: [['1'], ['6'], ['7'], ['3']],
      output: ['\\cite{1} introduced a three-stage compression pipeline for harbour gauges that cuts storage by a factor of forty.',
        '\\cite{6} presented an acceleration method for tide networks, and \\cite{7} explored variational dropout for gauge readings.', '\\cite{3} pruned filters.'],
    },
    {
      input: ['\\cite{3} proposed a blind tide denoiser.', '\\cite{2} proposed a multiscale tide denoiser.', '\\cite{4} developed a sparse coding scheme for gauges.'],
      keys: [['3'], ['2'], ['4']],
      output: ['\\cite{3} proposed a blind tide denoiser, while \\cite{2} proposed a multiscale tide denoiser.', '\\cite{4} developed a sparse coding scheme for gauges.'],
    },
    {
      input: ['\\cite{3} proposed a blind tide denoiser.', '\\cite{2} proposed a multiscale tide denoiser.'],
      keys: [['3'], ['2']],
      output: ['\\cite{3} proposed a blind tide denoiser.', '\\cite{2} proposed a multiscale tide denoiser.'],
    },
  ],
};

/**
 * Two clauses on two works joined by "and" take a comma before it: "[9] demonstrated the value of X and [11] studied
 * cascades …" read at first as if [9] demonstrated [11] too.
 */
const COMMA_BEFORE_SECOND_WORK: FlowRule = {
  id: 'flow.comma-before-second-work',
  summary: 'A second work\'s clause after "and" gets its comma: "[9] demonstrated X and [11] studied Y" → "…X, and [11] studied Y".',
  apply: (sentences, syntax) => sentences.map((s) => {
    // Listed works' clauses joined into one sentence (listed.ts) are written with the topic's role.
    if (s.role === 'contrast' || s.keys.length < 2 || syntax === 'citet') return s;
    let text = s.text;
    for (const key of s.keys.slice(1)) {
      const marker = citeMarker([key], syntax);
      const at = text.indexOf(` and ${marker} `);
      if (at <= 0 || text[at - 1] === ',' || !pastClause(text.slice(at + ` and ${marker} `.length))) continue;
      // Two works as one subject ("[3] and [8] proposed denoisers: …", subgroup-sentence.ts) have no clause before
      // "and" to close with a comma: the words before it must hold a verb of their own.
      if (!text.slice(0, at).split(/\s+/).some((w) => /^[a-z]+$/.test(w) && isPastForm(w))) continue;
      text = `${text.slice(0, at)},${text.slice(at)}`;
    }
    return text === s.text ? s : { ...s, text };
  }),
  examples: [
    {
      input: ['\\cite{9} demonstrated the value of gauge analysis in tide management and \\cite{11} studied cascades of harbour failures.'],
      keys: [['9', '11']],
      roles: ['topic'],
      output: ['\\cite{9} demonstrated the value of gauge analysis in tide management, and \\cite{11} studied cascades of harbour failures.'],
    },
    {
      input: ['\\cite{3} and \\cite{8} proposed tide models: \\cite{3} one for estuaries, and \\cite{8} one for piers.'],
      keys: [['3', '8']],
      output: ['\\cite{3} and \\cite{8} proposed tide models: \\cite{3} one for estuaries, and \\cite{8} one for piers.'],
    },
    {
      input: ['\\cite{9} compared tide tables and \\cite{11} gauges.'],
      keys: [['9', '11']],
      output: ['\\cite{9} compared tide tables and \\cite{11} gauges.'],
    },
  ],
};

/** "this paper" as the subject of a clause of the author's claim, and the verb after it ("this paper describes"). */
const CLAIM_SELF = new RegExp(String.raw`(^|[;:,]\s+)[Tt]his (?:${alternation(SELF_NOUNS)})\s+((?:\p{L}+ly\s+)?\p{L}+s\b[^;]*)`, 'gu');
/** The "it" that continued such a claim after a comma ("unlike them, it expands …"), and its clause. */
const CLAIM_IT = /(,\s+)it\s+((?:\p{L}+ly\s+)?\p{L}+s\b[^;]*)/u;

/**
 * The author's claim in a relation speaks as "we": "[0] addresses the same problem as our work; this paper describes
 * a comparison …" read as if [0] described it (a blind reader: "which paper?"). "this paper describes X and presents Y"
 * → "we describe X and present Y"; the "it" that continued it ("unlike them, it expands …") → "we expand …".
 */
const AUTHORS_VOICE: FlowRule = {
  id: 'flow.authors-voice',
  summary: 'In the author\'s claim, "this paper describes …" after a cited work becomes "we describe …": the paper is the author\'s, not the work\'s.',
  apply: (sentences) => sentences.map((s) => {
    if (s.role !== 'contrast') return s;
    const asWe = (rest: string) => `we ${agreeVerb(rest, 'plural', 'third-singular')}`;
    let text = s.text.replace(CLAIM_SELF, (_m, before: string, rest: string) => `${before}${asWe(rest)}`);
    if (text === s.text) return s;
    text = text.replace(CLAIM_IT, (_m, comma: string, rest: string) => `${comma}${asWe(rest)}`);
    text = text.replace(/^we\b/, 'We');
    return text === s.text ? s : { ...s, text };
  }),
  examples: [
    {
      input: ['\\cite{0} addresses the same problem as our work; this paper describes a comparison of three tide models and evaluates them.'],
      keys: [['0']],
      roles: ['contrast'],
      output: ['\\cite{0} addresses the same problem as our work; we describe a comparison of three tide models and evaluate them.'],
    },
    {
      input: ['Like \\cite{2}, this paper studies tide tables; unlike them, it expands gauge methodology and presents the first study of harbour surges.'],
      keys: [['2']],
      roles: ['contrast'],
      output: ['Like \\cite{2}, we study tide tables; unlike them, we expand gauge methodology and present the first study of harbour surges.'],
    },
    {
      input: ['\\cite{2} described this paper format for tide tables.'],
      keys: [['2']],
      output: ['\\cite{2} described this paper format for tide tables.'],
    },
  ],
};

/** The surface of every sentence, the author's own in a contrast too (rewrite/surface.ts): dashes, praise, agreement. */
const MEND_SURFACE: FlowRule = {
  id: 'flow.mend-surface',
  summary: 'Every sentence gets the surface the finish rules give a cited one: "the network that use" → "that uses", no "several important".',
  apply: (sentences) => sentences.map((s) => {
    const text = mendSurface(s.text);
    return text === s.text ? s : { ...s, text };
  }),
  examples: [
    {
      input: ['Building on \\cite{3}, we present TideNet, a modification of the pretrained harbour network that use siamese gauges.'],
      keys: [['3']],
      output: ['Building on \\cite{3}, we present TideNet, a modification of the pretrained harbour network that uses siamese gauges.'],
    },
    // Hyphens only here, once the draft is fitted: "three-stage" counts one word less than "three stage", and a draft
    // whose length fitting saw it swapped a work's contribution for a side step (CiteBench dev case 13).
    {
      input: ['\\cite{1} introduced a three stage pipeline that feeds a multi layer perceptron with gauge readings.'],
      keys: [['1']],
      output: ['\\cite{1} introduced a three-stage pipeline that feeds a multi-layer perceptron with gauge readings.'],
    },
  ],
};

export const FLOW_RULES: readonly FlowRule[] = [
  MERGE_SAME_WORK, SAME_WORK_AGAIN, THING_OF_SAME_WORK, RELATION_AFTER_SAME_WORK, JOIN_SHORT_PAIRS, VARY_OPENINGS, ANOTHER_OF_THE_KIND,
  COMMA_BEFORE_SECOND_WORK, AUTHORS_VOICE, MEND_SURFACE,
];

/** The paragraph's sentences with every flow rule applied, in order. */
export function smoothParagraph(sentences: DraftSentence[], syntax: CiteSyntax): DraftSentence[] {
  return FLOW_RULES.reduce((s, rule) => rule.apply(s, syntax), sentences);
}
