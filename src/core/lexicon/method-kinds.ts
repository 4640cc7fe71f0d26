// Kinds of method a paper can claim, each with what is its opposite: "self-supervised" against "supervised",
// "Bayesian" against "discriminative". A closing relation states one as the difference between the author's work and
// the works it cites only where the author's abstract claims the kind and the works' abstracts do not (they write its
// opposite, or nothing of it): "Unlike [0], whose approach is supervised, our framework is self-supervised" is a
// difference a reader can check, where "Unlike these works, we propose …" restated the author's abstract.

/** A kind of method, the words that claim it, those that claim its opposite, and those that claim it by another name. */
export interface MethodKind {
  /** How the relation names the kind ("self-supervised"). */
  kind: string;
  /** Words that claim it, as written, a hyphen also read as a space ("self-supervised", "self supervised"). */
  words: readonly string[];
  /** Words that claim its opposite: a work that writes one is set against the author's by it. */
  opposites: readonly string[];
  /** How the relation names the opposite ("supervised"). */
  opposite: string;
  /** Words by which a work claims the same kind, or one too near to set apart: a work on "unsupervised" depth from
   * video is not set against a "self-supervised" one. */
  near: readonly string[];
  /** An example: the author's claim, the works' texts, and the relation's opening it gives (or none). */
  examples: readonly { claim: string; works: readonly string[]; opens: string | null }[];
}

export const METHOD_KINDS: readonly MethodKind[] = [
  {
    kind: 'self-supervised',
    words: ['self-supervised', 'self-supervision'],
    opposites: ['supervised', 'ground truth', 'labelled', 'labeled', 'annotated'],
    opposite: 'supervised',
    near: ['unsupervised', 'semi-supervised', 'weakly supervised', 'without labels', 'unlabelled', 'unlabeled'],
    examples: [
      { claim: 'We propose a self-supervised tide forecaster trained on raw buoy logs.', works: ['We train a tide forecaster on supervised gauge readings.'], opens: 'Unlike [0], whose approach is supervised, we propose' },
      { claim: 'We propose a self-supervised tide forecaster trained on raw buoy logs.', works: ['An unsupervised tide forecaster from buoy logs.'], opens: null },
    ],
  },
  {
    kind: 'unsupervised',
    words: ['unsupervised', 'unannotated', 'unlabelled', 'unlabeled', 'without labels'],
    opposites: ['supervised', 'annotated', 'labelled', 'labeled', 'hand-tagged', 'tagged corpus'],
    opposite: 'supervised',
    near: ['self-supervised', 'semi-supervised', 'weakly supervised', 'bootstrapping'],
    examples: [{ claim: 'We present an unsupervised tagger of harbour names.', works: ['A tagger of harbour names trained on an annotated corpus.', 'Harbour names in old charts.'], opens: 'Unlike [0], whose approach is supervised, we present' }],
  },
  {
    kind: 'Bayesian',
    words: ['Bayesian', 'variational inference', 'posterior'],
    opposites: ['discriminative'],
    opposite: 'discriminative',
    near: ['probabilistic', 'variational', 'Bayes', 'Gaussian process', 'likelihood'],
    examples: [{ claim: 'We propose a Bayesian framework for blind image denoising.', works: ['Blind image denoising with a deep network.', 'A discriminative model of image noise.'], opens: 'Unlike [1], whose approach is discriminative, we propose' }],
  },
  {
    kind: 'real-time',
    words: ['real-time', 'in real time'],
    opposites: ['offline', 'off-line'],
    opposite: 'offline',
    near: ['interactive', 'online', 'on-line', 'fps', 'frames per second', 'fast', 'real time'],
    examples: [{ claim: 'We propose a grasping rig that enables real-time interaction with virtual hands.', works: ['An offline planner of grasping motions for virtual hands.'], opens: 'Unlike [0], whose approach is offline, we propose' }],
  },
  {
    kind: 'end-to-end',
    words: ['end-to-end', 'end to end'],
    opposites: ['two-stage', 'multi-stage', 'three stage', 'three-stage', 'separately trained'],
    opposite: 'multi-stage',
    // Pruning "during the initial training of the network" or "within the training process" is what an end-to-end
    // pruning method claims: a blind reader marked "Unlike these works, our method is end-to-end" beside two such works.
    near: ['jointly', 'single network', 'one network', 'during training', 'during the training', 'during the initial training', 'within the training process'],
    examples: [
      { claim: 'We propose an end-to-end pruning method for tide forecasters.', works: ['A three-stage pipeline of pruning and quantization for forecasters.'], opens: 'Unlike [0], whose approach is multi-stage, we propose' },
      { claim: 'We propose an end-to-end pruning method for tide forecasters.', works: ['We prune the weights of a tide forecaster during the initial training of the network.'], opens: null },
      { claim: 'We propose an end-to-end pruning method for tide forecasters.', works: ['A gradual pruning technique incorporated within the training process of forecasters.'], opens: null },
    ],
  },
  {
    kind: 'non-convex',
    words: ['non-convex', 'nonconvex'],
    opposites: ['convex'],
    opposite: 'convex',
    near: ['non-smooth', 'nonsmooth', 'difference of convex'],
    examples: [{ claim: 'We study a family of non-convex minimization problems.', works: ['A convex surrogate for variance in risk minimization.'], opens: 'Unlike [0], whose approach is convex, we study' }],
  },
  {
    kind: 'generative',
    words: ['generative'],
    opposites: ['discriminative'],
    opposite: 'discriminative',
    near: ['adversarial', 'GAN', 'variational autoencoder', 'generator'],
    examples: [{ claim: 'We present a generative model of harbour traffic.', works: ['A discriminative classifier of harbour traffic.'], opens: 'Unlike [0], whose approach is discriminative, we present' }],
  },
];

/**
 * The verbs with which an abstract states what its work contributes, and how a draft says them of the work: "We
 * introduce a harmonic filter for tide gauges" → "[3] introduced a harmonic filter for tide gauges" (drafting/listed.ts,
 * its examples in test/unit/drafting/listed.test.ts).
 */
export const CONTRIBUTION_VERBS: Readonly<Record<string, string>> = {
  propose: 'proposed',
  present: 'presented',
  introduce: 'introduced',
  develop: 'developed',
  describe: 'described',
  design: 'designed',
  devise: 'devised',
  explore: 'explored',
  investigate: 'investigated',
};

/**
 * Openers that make a sentence one step of a work's procedure or a side detail of its setting, not what the work
 * contributes: "In the training phase, we collect a number of instances of each sense" and "First, we train the network
 * to learn which connections are important" were a blind reader's "cited for a side detail". A draft describes a work by
 * such a sentence only when none of its others will do (drafting/contribution.ts; examples in
 * test/unit/drafting/contribution.test.ts).
 */
export const PROCEDURE_STEP_OPENERS: readonly string[] = [
  'first(?:ly)?',
  'second(?:ly)?',
  'third(?:ly)?',
  'then',
  'next',
  'finally',
  'lastly',
  'in the (?:training|testing|test|learning|inference|first|second|third|final|last) (?:phase|stage|step)',
  'in (?:a|the) (?:first|second|third|final|last|next) step',
  'at (?:training|test|inference) time',
  'during (?:training|testing|inference)',
  'after the (?:first|second|third) (?:(?:two|three) )?steps?',
];

/**
 * Words every field of computing writes, which name no line of research (drafting/relation.ts: definingTerms): works
 * on ensembles, on quantized weights and on the convexity of training all write "neural network", and so does an
 * abstract on pruning captioning models ("neural network practitioners"); "Our work belongs to this line of research"
 * after them was false (a blind reader). With them, words of judgement, comparison and count ("faster", "several"),
 * which say how a work went, not what it is about.
 */
export const FIELD_WORD_LIST: readonly string[] = (
  'neural network networks deep learning learned model models data system systems algorithm algorithms ' +
  'machine train training task tasks performance accuracy set sets large small number time result ' +
  'results paper method methods approach approaches function functions information representation ' +
  'representations feature features layer layers input output framework frameworks parameter parameters ' +
  'analysis application applications experiment experiments real world high low state art structure ' +
  'level dataset datasets technique techniques architecture test tested simple possible given fast ' +
  'faster compare compared comparison known particular specific attempt since include includes ' +
  'including line case cases source solution solutions enable enables accurate robust competitive ' +
  'traditional effective effectively efficient significant various different several many recent ' +
  'current previous existing general common standard single multiple first second two three provide ' +
  'provides well better best good large-scale design designs '
).trim().split(' ');
