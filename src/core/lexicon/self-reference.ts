// How a work names itself ("this paper", "in this Account"), so that a citation can name it as the reader's library
// does ("Doe and Roe \cite{k}") and never say "this paper" in the reader's own paper.
import type { WordList } from './word-list';

const CITED = 'Doe and Roe \\cite{doe2020}';

export const SELF_NOUNS: WordList = {
  name: 'SELF_NOUNS',
  purpose: 'What a work calls itself as the subject of its act ("This paper presents", "The present study examines").',
  words: ['paper', 'article', 'study', 'work', 'thesis', 'dissertation', 'report', 'chapter', 'essay', 'letter', 'note', 'manuscript', 'book', 'survey', 'review'],
  probes: [{
    examples: [
      'This paper presents a parser for noisy text.',
      'This article presents a parser for noisy text.',
      'This study presents a parser for noisy text.',
      'This work presents a parser for noisy text.',
      'This thesis presents a parser for noisy text.',
      'This dissertation presents a parser for noisy text.',
      'This report presents a parser for noisy text.',
      'This chapter presents a parser for noisy text.',
      'This essay presents a parser for noisy text.',
      'This letter presents a parser for noisy text.',
      'This note presents a parser for noisy text.',
      'This manuscript presents a parser for noisy text.',
      'This book presents a parser for noisy text.',
      'This survey presents a parser for noisy text.',
      'This review presents a parser for noisy text.',
    ],
    output: `${CITED} presented a parser for noisy text.`,
  }],
};

export const MORE_SELF_LOCATIONS: WordList = {
  name: 'MORE_SELF_LOCATIONS',
  purpose: 'Less common names a paper gives itself where it locates its own act ("In this manuscript, we …", chemistry\'s "In this Account, …").',
  words: ['publication', 'manuscript', 'abstract', 'talk', 'presentation', 'project', 'proposal', 'research', 'perspective', 'investigation', 'submission', 'account', 'communication', 'minireview', 'viewpoint', 'highlight'],
  probes: [{
    examples: [
      'In this publication, we propose a parser for noisy text.',
      'In this manuscript, we propose a parser for noisy text.',
      'In this abstract, we propose a parser for noisy text.',
      'In this talk, we propose a parser for noisy text.',
      'In this presentation, we propose a parser for noisy text.',
      'In this project, we propose a parser for noisy text.',
      'In this proposal, we propose a parser for noisy text.',
      'In this research, we propose a parser for noisy text.',
      'In this perspective, we propose a parser for noisy text.',
      'In this investigation, we propose a parser for noisy text.',
      'In this submission, we propose a parser for noisy text.',
      'In this account, we propose a parser for noisy text.',
      'In this communication, we propose a parser for noisy text.',
      'In this minireview, we propose a parser for noisy text.',
      'In this viewpoint, we propose a parser for noisy text.',
      'In this highlight, we propose a parser for noisy text.',
    ],
    output: `${CITED} proposed a parser for noisy text.`,
  }],
};
