// The first person that is not the authors': the generic "we" of a condition and the "our" that speaks for
// everyone. A citation keeps them as everyone's, never as the cited authors' ("their daily lives").
import type { WordList } from './word-list';

const CITED = 'Doe and Roe \\cite{doe2020}';

export const GENERIC_WE_VERBS: WordList = {
  name: 'GENERIC_WE_VERBS',
  purpose: 'Verbs of the generic "we" of a condition ("if we assume X"), written "one" ("if one assumes X"): not the authors\' act.',
  words: ['consider', 'assume', 'take', 'let', 'view', 'fix', 'restrict', 'denote', 'write', 'treat', 'define', 'regard', 'allow', 'choose', 'pick'],
  probes: [{
    examples: [
      { input: 'We show that the bound holds if we consider a convex loss.', output: `${CITED} showed that the bound holds if one considers a convex loss.` },
      { input: 'We show that the bound holds if we assume a convex loss.', output: `${CITED} showed that the bound holds if one assumes a convex loss.` },
      { input: 'We show that the bound holds if we take a convex loss.', output: `${CITED} showed that the bound holds if one takes a convex loss.` },
      { input: 'We show that the bound holds if we let a convex loss.', output: `${CITED} showed that the bound holds if one lets a convex loss.` },
      { input: 'We show that the bound holds if we view a convex loss.', output: `${CITED} showed that the bound holds if one views a convex loss.` },
      { input: 'We show that the bound holds if we fix a convex loss.', output: `${CITED} showed that the bound holds if one fixes a convex loss.` },
      { input: 'We show that the bound holds if we restrict a convex loss.', output: `${CITED} showed that the bound holds if one restricts a convex loss.` },
      { input: 'We show that the bound holds if we denote a convex loss.', output: `${CITED} showed that the bound holds if one denotes a convex loss.` },
      { input: 'We show that the bound holds if we write a convex loss.', output: `${CITED} showed that the bound holds if one writes a convex loss.` },
      { input: 'We show that the bound holds if we treat a convex loss.', output: `${CITED} showed that the bound holds if one treats a convex loss.` },
      { input: 'We show that the bound holds if we define a convex loss.', output: `${CITED} showed that the bound holds if one defines a convex loss.` },
      { input: 'We show that the bound holds if we regard a convex loss.', output: `${CITED} showed that the bound holds if one regards a convex loss.` },
      { input: 'We show that the bound holds if we allow a convex loss.', output: `${CITED} showed that the bound holds if one allows a convex loss.` },
      { input: 'We show that the bound holds if we choose a convex loss.', output: `${CITED} showed that the bound holds if one chooses a convex loss.` },
      { input: 'We show that the bound holds if we pick a convex loss.', output: `${CITED} showed that the bound holds if one picks a convex loss.` },
    ],
  }],
};

export const EVERYONES_LIVES: WordList = {
  name: 'EVERYONES_LIVES',
  purpose: 'What "our … lives" speaks for everyone ("our daily lives"), kept as written rather than made the authors\'.',
  words: ['daily', 'everyday', 'modern', 'busy', 'working', 'digital'],
  probes: [{
    examples: [
      { input: 'Smartphones now shape our daily lives in many ways.', output: `Smartphones now shape our daily lives in many ways \\cite{doe2020}.` },
      { input: 'Smartphones now shape our everyday lives in many ways.', output: `Smartphones now shape our everyday lives in many ways \\cite{doe2020}.` },
      { input: 'Smartphones now shape our modern lives in many ways.', output: `Smartphones now shape our modern lives in many ways \\cite{doe2020}.` },
      { input: 'Smartphones now shape our busy lives in many ways.', output: `Smartphones now shape our busy lives in many ways \\cite{doe2020}.` },
      { input: 'Smartphones now shape our working lives in many ways.', output: `Smartphones now shape our working lives in many ways \\cite{doe2020}.` },
      { input: 'Smartphones now shape our digital lives in many ways.', output: `Smartphones now shape our digital lives in many ways \\cite{doe2020}.` },
    ],
  }],
};

export const OUR_TIMES: WordList = {
  name: 'OUR_TIMES',
  purpose: '"Of our time" and the like: everyone\'s time, kept as written.',
  words: ['time', 'times', 'era', 'age', 'day'],
  probes: [{
    examples: [
      { input: 'Climate change is the defining problem of our time.', output: `Climate change is the defining problem of our time \\cite{doe2020}.` },
      { input: 'Climate change is the defining problem of our times.', output: `Climate change is the defining problem of our times \\cite{doe2020}.` },
      { input: 'Climate change is the defining problem of our era.', output: `Climate change is the defining problem of our era \\cite{doe2020}.` },
      { input: 'Climate change is the defining problem of our age.', output: `Climate change is the defining problem of our age \\cite{doe2020}.` },
      { input: 'Climate change is the defining problem of our day.', output: `Climate change is the defining problem of our day \\cite{doe2020}.` },
    ],
  }],
};

export const OUR_WORLDS: WordList = {
  name: 'OUR_WORLDS',
  purpose: '"Our world", "our species" and the like: everyone\'s, kept as written.',
  words: ['society', 'world', 'planet', 'civili[sz]ation', 'species'],
  probes: [{
    examples: [
      { input: 'Plastic waste now harms our society in many ways.', output: `Plastic waste now harms our society in many ways \\cite{doe2020}.` },
      { input: 'Plastic waste now harms our world in many ways.', output: `Plastic waste now harms our world in many ways \\cite{doe2020}.` },
      { input: 'Plastic waste now harms our planet in many ways.', output: `Plastic waste now harms our planet in many ways \\cite{doe2020}.` },
      { input: 'Plastic waste now harms our civilisation in many ways.', output: `Plastic waste now harms our civilisation in many ways \\cite{doe2020}.` },
      { input: 'Plastic waste now harms our species in many ways.', output: `Plastic waste now harms our species in many ways \\cite{doe2020}.` },
    ],
  }],
};
