// name: the work and its terms named as a reader of the citation needs them.
import { expandAcronyms } from '../acronyms';
import { namedWorkAsWe } from '../authors-voice';
import { changedText, changedWith, type TableRule } from '../rule';

export const NAME_RULES: readonly TableRule[] = [
  {
    id: 'name.work-as-we',
    stage: 'name',
    summary: 'A blurb that names the book by its title or its author by name ("Quiet Margins traces …") → "We trace …".',
    match: changedWith((s, ctx) => namedWorkAsWe(s, ctx.record)),
    apply: changedText,
    examples: [
      {
        type: 'book',
        title: 'Quiet Margins: Reading in Rural Schools',
        input: 'Quiet Margins traces how rural schools taught reading.',
        output: 'Doe and Roe \\cite{doe2020} traced how rural schools taught reading.',
      },
    ],
  },
  {
    id: 'name.acronyms',
    stage: 'name',
    summary: 'An acronym the abstract defined earlier is written out where the quoted sentence uses it alone.',
    match: changedWith((s, ctx) => (ctx.acronyms?.size ? expandAcronyms(s, ctx.acronyms) : undefined)),
    apply: changedText,
    examples: [
      {
        previous: 'Convolutional neural networks (CNNs) are widely used in remote sensing.',
        input: 'We train CNNs on satellite images of coastal wetlands.',
        output: 'Doe and Roe \\cite{doe2020} trained convolutional neural networks on satellite images of coastal wetlands.',
      },
    ],
  },
];
