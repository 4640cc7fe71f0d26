// How a work names itself ("this paper", "in this Account"), so that a citation can name it as the reader's library
// does ("Doe and Roe \cite{k}") and never say "this paper" in the reader's own paper.
import type { WordList } from './word-list';

const CITED = 'Doe and Roe \\cite{doe2020}';
const CITED_AIMED = `${CITED} aimed to measure jetty erosion over a decade.`;
const CITED_ADDRESSED = `${CITED} addressed tagging by training on noisy tweets.`;

export const SELF_NOUNS: WordList = {
  name: 'SELF_NOUNS',
  purpose: 'What a work calls itself as the subject of its act ("This paper presents", "The present study examines").',
  words: ['paper', 'article', 'study', 'work', 'thesis', 'dissertation', 'report', 'chapter', 'essay', 'letter', 'note', 'manuscript', 'book', 'survey', 'review', 'tutorial'],
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
      'This tutorial presents a parser for noisy text.',
    ],
    output: `${CITED} presented a parser for noisy text.`,
  }],
};

export const COMMON_SELF_NOUNS: WordList = {
  name: 'COMMON_SELF_NOUNS',
  purpose: 'The four names nearly every abstract gives itself. The scorer\'s cues and the guards read only these, so that "this survey" or "this note" in a work\'s subject matter is not taken for the work.',
  words: ['paper', 'work', 'article', 'study'],
  probes: [{
    examples: [
      'In the present paper we propose a parser for noisy text.',
      'In the present work we propose a parser for noisy text.',
      'In the current article we propose a parser for noisy text.',
      'In the present study we propose a parser for noisy text.',
    ],
    output: `${CITED} proposed a parser for noisy text.`,
  }],
};

export const MORE_SELF_LOCATIONS: WordList = {
  name: 'MORE_SELF_LOCATIONS',
  purpose: 'Less common names a paper gives itself where it locates its own act ("In this publication, we …", chemistry\'s "In this Account, …"), read with SELF_NOUNS ("manuscript" is there).',
  words: ['publication', 'abstract', 'talk', 'presentation', 'project', 'proposal', 'research', 'perspective', 'investigation', 'submission', 'account', 'communication', 'minireview', 'viewpoint', 'highlight'],
  probes: [{
    examples: [
      'In this publication, we propose a parser for noisy text.',
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

export const AIMED_WORKS: WordList = {
  name: 'AIMED_WORKS',
  purpose: 'What a stated aim names as the work ("The aim of this project was to …"), read as the authors\' "We aim to …".',
  words: ['paper', 'study', 'work', 'article', 'research', 'thesis', 'dissertation', 'project', 'review', 'note', 'chapter', 'investigation', 'report', 'survey', 'analysis', 'experiment'],
  probes: [{
    examples: [
      'The aim of this paper was to measure jetty erosion over a decade.',
      'The aim of this study was to measure jetty erosion over a decade.',
      'The aim of this work was to measure jetty erosion over a decade.',
      'The aim of this article was to measure jetty erosion over a decade.',
      'The aim of this research was to measure jetty erosion over a decade.',
      'The aim of this thesis was to measure jetty erosion over a decade.',
      'The aim of this dissertation was to measure jetty erosion over a decade.',
      'The aim of this project was to measure jetty erosion over a decade.',
      'The aim of this review was to measure jetty erosion over a decade.',
      'The aim of this note was to measure jetty erosion over a decade.',
      'The aim of this chapter was to measure jetty erosion over a decade.',
      'The aim of this investigation was to measure jetty erosion over a decade.',
      'The aim of this report was to measure jetty erosion over a decade.',
      'The aim of this survey was to measure jetty erosion over a decade.',
      'The aim of this analysis was to measure jetty erosion over a decade.',
      'The aim of this experiment was to measure jetty erosion over a decade.',
    ],
    output: CITED_AIMED,
  }],
};

export const INNER_SELF_LOCATIONS: WordList = {
  name: 'INNER_SELF_LOCATIONS',
  purpose: 'An inner "in this paper" after the verb ("We address X in this thesis by …"), which repeats the work once the subject names it.',
  words: ['paper', 'work', 'article', 'study', 'thesis', 'dissertation', 'chapter', 'book', 'essay', 'letter', 'note'],
  probes: [{
    examples: [
      'We address tagging in this paper by training on noisy tweets.',
      'We address tagging in this work by training on noisy tweets.',
      'We address tagging in this article by training on noisy tweets.',
      'We address tagging in this study by training on noisy tweets.',
      'We address tagging in this thesis by training on noisy tweets.',
      'We address tagging in this dissertation by training on noisy tweets.',
      'We address tagging in this chapter by training on noisy tweets.',
      'We address tagging in this book by training on noisy tweets.',
      'We address tagging in this essay by training on noisy tweets.',
      'We address tagging in this letter by training on noisy tweets.',
      'We address tagging in this note by training on noisy tweets.',
    ],
    output: CITED_ADDRESSED,
  }],
};

export const WORKS_FRAMING_AUTHORS: WordList = {
  name: 'WORKS_FRAMING_AUTHORS',
  purpose: 'What a work is called where it frames its authors in the third person ("In this book the authors describe …"), read as "we".',
  words: ['paper', 'article', 'study', 'report', 'work', 'book', 'chapter', 'essay', 'note', 'review', 'thesis', 'dissertation'],
  probes: [{
    examples: [
      { input: 'In this paper the authors discuss the role of apprentices in early printing houses.', output: `${CITED} discussed the role of apprentices in early printing houses.` },
      { input: 'In this article the authors discuss the role of apprentices in early printing houses.', output: `${CITED} discussed the role of apprentices in early printing houses.` },
      { input: 'In this study the authors discuss the role of apprentices in early printing houses.', output: `${CITED} discussed the role of apprentices in early printing houses.` },
      { input: 'In this report the authors discuss the role of apprentices in early printing houses.', output: `${CITED} discussed the role of apprentices in early printing houses.` },
      { input: 'In this work the authors discuss the role of apprentices in early printing houses.', output: `${CITED} discussed the role of apprentices in early printing houses.` },
      { input: 'In this book the authors discuss the role of apprentices in early printing houses.', output: `${CITED} discussed the role of apprentices in early printing houses.` },
      { input: 'In this chapter the authors discuss the role of apprentices in early printing houses.', output: `${CITED} discussed the role of apprentices in early printing houses.` },
      { input: 'In this essay the authors discuss the role of apprentices in early printing houses.', output: `${CITED} discussed the role of apprentices in early printing houses.` },
      { input: 'In this note the authors discuss the role of apprentices in early printing houses.', output: `${CITED} discussed the role of apprentices in early printing houses.` },
      { input: 'In this review the authors discuss the role of apprentices in early printing houses.', output: `${CITED} discussed the role of apprentices in early printing houses.` },
      { input: 'In this thesis the authors discuss the role of apprentices in early printing houses.', output: `${CITED} discussed the role of apprentices in early printing houses.` },
      { input: 'In this dissertation the authors discuss the role of apprentices in early printing houses.', output: `${CITED} discussed the role of apprentices in early printing houses.` },
    ],
  }],
};

export const WORKS_FRAMING_PRONOUNS: WordList = {
  name: 'WORKS_FRAMING_PRONOUNS',
  purpose: 'What a work is called where it frames its author as "she" or "he" ("In this essay she traces …"): framed by the work, the pronoun is its author.',
  words: ['paper', 'article', 'study', 'essay', 'book', 'chapter', 'thesis', 'dissertation', 'review', 'report'],
  probes: [{
    examples: [
      { input: 'In this paper she discusses the role of apprentices in early printing houses.', output: `${CITED} discussed the role of apprentices in early printing houses.` },
      { input: 'In this article she discusses the role of apprentices in early printing houses.', output: `${CITED} discussed the role of apprentices in early printing houses.` },
      { input: 'In this study she discusses the role of apprentices in early printing houses.', output: `${CITED} discussed the role of apprentices in early printing houses.` },
      { input: 'In this essay she discusses the role of apprentices in early printing houses.', output: `${CITED} discussed the role of apprentices in early printing houses.` },
      { input: 'In this book she discusses the role of apprentices in early printing houses.', output: `${CITED} discussed the role of apprentices in early printing houses.` },
      { input: 'In this chapter she discusses the role of apprentices in early printing houses.', output: `${CITED} discussed the role of apprentices in early printing houses.` },
      { input: 'In this thesis she discusses the role of apprentices in early printing houses.', output: `${CITED} discussed the role of apprentices in early printing houses.` },
      { input: 'In this dissertation she discusses the role of apprentices in early printing houses.', output: `${CITED} discussed the role of apprentices in early printing houses.` },
      { input: 'In this review she discusses the role of apprentices in early printing houses.', output: `${CITED} discussed the role of apprentices in early printing houses.` },
      { input: 'In this report she discusses the role of apprentices in early printing houses.', output: `${CITED} discussed the role of apprentices in early printing houses.` },
    ],
  }],
};
