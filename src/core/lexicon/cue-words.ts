// The words of the engine's sentence cues (engine/cues.ts): what a sentence of an abstract is doing — stating the
// contribution, pointing back, releasing code, thanking a funder. Several are features of the learned scorer, whose
// weights were learned with exactly these words: a word added or dropped here is a retraining
// (scripts/train-scorer.ts), not an edit.
import type { PatternWords } from './word-list';

export const CONTRIBUTION_CUE_WORKS: PatternWords = {
  name: 'CONTRIBUTION_CUE_WORKS',
  purpose: 'What a work calls itself in the scorer\'s contribution cue ("this paper proposes", "this tutorial presents"): engine/cues.ts CONTRIBUTION_CUE, and with "report" ANAPHORIC_START. Not SELF_NOUNS, which adds "report" and "manuscript": the scorer\'s weights were learned with these.',
  words: ['paper', 'work', 'article', 'study', 'thesis', 'dissertation', 'chapter', 'book', 'survey', 'review', 'essay', 'tutorial', 'note', 'letter'],
};

export const CONTRIBUTION_CUE_VERBS: PatternWords = {
  name: 'CONTRIBUTION_CUE_VERBS',
  purpose: 'What a work does when it states its contribution, base and third person ("we propose", "this paper surveys"): engine/cues.ts CONTRIBUTION_CUE (CiteSum\'s EXT-HEURISTIC contribution patterns, a feature of the learned scorer).',
  words: ['propose', 'proposes', 'introduce', 'introduces', 'present', 'presents', 'develop', 'develops', 'describe', 'describes', 'design', 'designs', 'devise', 'devises', 'formulate', 'formulates', 'offer', 'offers', 'contribute', 'contributes', 'put forward', 'puts forward', 'establish', 'establishes', 'derive', 'derives', 'construct', 'constructs', 'build', 'builds', 'define', 'defines', 'provide', 'provides', 'suggest', 'suggests', 'report', 'reports', 'investigate', 'investigates', 'study', 'studies', 'survey', 'surveys', 'review', 'reviews', 'explore', 'explores', 'address', 'addresses', 'tackle', 'tackles', 'consider', 'considers', 'examine', 'examines', 'analy[sz]e', 'analy[sz]es', 'show', 'shows', 'demonstrate', 'demonstrates', 'argue', 'argues', 'extend', 'extends', 'focus', 'focuses', 'aim', 'aims', 'seek', 'seeks', 'learn', 'learns', 'train', 'trains', 'use', 'uses', 'apply', 'applies', 'employ', 'employs', 'leverage', 'leverages', 'exploit', 'exploits', 'outline', 'outlines', 'discuss', 'discusses', 'characteri[sz]e', 'characteri[sz]es', 'prove', 'proves', 'evaluate', 'evaluates', 'compare', 'compares', 'release', 'releases', 'collect', 'collects', 'create', 'creates', 'generali[sz]e', 'generali[sz]es'],
};

export const REMEDY_VERB_FORMS: PatternWords = {
  name: 'REMEDY_VERB_FORMS',
  purpose: 'Verbs of remedying a problem in every form ("remedies these problems", "tries to close this gap", "bypassing such limitations"): engine/cues.ts PROBLEM_POINTER. REMEDY_VERBS (base forms, with their probes) builds rewrite/discourse\'s purposes; this list has the inflections, and "bypass" and "avoid" but not "counter" or "attack", as the cue was written.',
  words: ['address(?:es|ed|ing)?', 'bridg(?:e|es|ed|ing)', 'remed(?:y|ies|ied|ying)', 'overcom(?:e|es|ing)', 'overcame', 'solv(?:e|es|ed|ing)', 'tackl(?:e|es|ed|ing)', 'alleviat(?:e|es|ed|ing)', 'mitigat(?:e|es|ed|ing)', 'fill(?:s|ed|ing)?', 'clos(?:e|es|ed|ing)', 'resolv(?:e|es|ed|ing)', 'answer(?:s|ed|ing)?', 'approach(?:es|ed|ing)?', 'handl(?:e|es|ed|ing)', 'circumvent(?:s|ed|ing)?', 'bypass(?:es|ed|ing)?', 'avoid(?:s|ed|ing)?', 'fix(?:es|ed|ing)?'],
};

export const AVAILABLE_THINGS: PatternWords = {
  name: 'AVAILABLE_THINGS',
  purpose: 'What a release note says is available ("Our code is publicly available at …", "The datasets will be released"): engine/cues.ts RELEASE_NOTE. RELEASED_BY_AUTHORS is the object of "we release", a list of its own: merging the two would change what each note matches.',
  words: ['code', 'source', 'data', 'datasets?', 'software', 'implementations?', 'models?', 'encoders?', 'toolkits?', 'tools?', 'corpus', 'corpora', 'annotations?', 'resources?', 'benchmarks?', 'library', 'packages?', 'scripts?', 'weights', 'checkpoints?'],
};

export const RELEASED_BY_AUTHORS: PatternWords = {
  name: 'RELEASED_BY_AUTHORS',
  purpose: 'What the authors say they release or share ("We release the survey data and code", "We share the interview transcripts"): engine/cues.ts OWN_RELEASE_NOTE (see AVAILABLE_THINGS).',
  words: ['code', 'source code', 'data', 'datasets?', 'software', 'implementations?', 'models?', 'toolkits?', 'tools?', 'annotations?', 'scripts?', 'weights', 'checkpoints?', 'logs', 'records', 'recordings', 'transcripts', 'materials', 'questionnaires', 'protocols'],
};

export const REFERRED_BACK_NOUNS: PatternWords = {
  name: 'REFERRED_BACK_NOUNS',
  purpose: 'What a sentence\'s opening points back at ("Driven by this problem, …", "For this purpose, …", "In these settings, …"): engine/cues.ts REFERS_BACK. PROBLEM_NOUNS (rewrite/cues.ts) is the narrower list of a problem a remedy names.',
  words: ['problems?', 'issues?', 'challenges?', 'limitations?', 'gaps?', 'questions?', 'observations?', 'shortcomings?', 'difficult(?:y|ies)', 'drawbacks?', 'concerns?', 'needs?', 'end', 'purpose', 'reasons?', 'regards?', 'respects?', 'directions?', 'lines?', 'settings?', 'contexts?', 'motivations?'],
};

export const FUNDING_BODIES: PatternWords = {
  name: 'FUNDING_BODIES',
  purpose: 'What funds a work, as a funding note names it ("Grant", "Foundation", "NSF", "EPSRC"), with the capital each is written with: engine/cues.ts FRONT_OR_BACK_MATTER.',
  words: ['[Gg]rants?', '[Ff]oundation', '[Ff]ellowships?', '[Pp]rojects?', '[Cc]ouncil', '[Aa]gency', '[Pp]rogramm?e?', '[Aa]wards?', '[Cc]ontracts?', '[Mm]inistry', '[Ii]nitiative', 'NSF', 'NSFC', 'DARPA', 'ERC', 'EPSRC', 'DFG', 'ANR', 'NIH', 'ONR', 'ARO', 'AFOSR'],
};

export const SIDEBAR_LABELS: PatternWords = {
  name: 'SIDEBAR_LABELS',
  purpose: 'The labels of a journal\'s sidebar and metadata lines ("Academic Editor:", "Received:", "Data Availability Statement:"): engine/cues.ts FRONT_OR_BACK_MATTER.',
  words: ['academic editor', 'editor', 'received', 'accepted', 'revised', 'published(?: online)?', 'citation', 'correspondence', 'corresponding author', 'e-?mail', 'data availability(?: statement)?', 'competing interests', 'conflicts? of interest', 'funding', 'author contributions', 'supporting information', 'keywords', 'index terms'],
};
