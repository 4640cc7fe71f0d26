// Names of whole fields and of the most common tools, which every paper of an area writes: a topic sentence or a
// subgroup named by one says nothing of what its works do ("A first line of work studies dynamical systems", "Other
// work on neural networks includes [4, 5, 0]", both marked vague by a blind reader).
import type { PatternWords } from './word-list';

export const BROAD_FIELDS: PatternWords = {
  name: 'BROAD_FIELDS',
  purpose:
    'Phrases too broad to name a group of works (drafting/keyphrases.ts: isBroadField): "neural networks", "dynamical systems", "machine learning". A ' +
    'more specific phrase that holds one ("recurrent neural networks", "hybrid dynamical systems") is not one of them.',
  words: [
    '(?:deep |artificial |convolutional )?neural net(?:work)?s?',
    'deep (?:net(?:work)?|model|architecture)s?',
    'CNNs?',
    'DNNs?',
    'generative adversarial net(?:work)?s?',
    'GANs?',
    'deep learning',
    'machine learning',
    'artificial intelligence',
    'computer vision',
    'natural language processing',
    '(?:non-?linear |dynamical |control )systems?',
    'learning (?:algorithm|method|model|framework)s?',
    'optimization (?:problem|method|algorithm)s?',
    'neural (?:model|architecture)s?',
    '(?:network|model) architectures?',
    'real[- ]world',
    'large[- ]scale',
    '(?:training |real |benchmark )?data ?sets?',
    'training data',
  ],
};
