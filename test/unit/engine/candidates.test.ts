import { strict as assert } from 'assert';
import { DefaultEngine } from '../../../src/core/engines';
import { sourceDocument, sourceDocumentFromSentences } from '../../../src/core/engine/candidates';
import { MemoryLibrary } from '../../../src/core/engine/memory-library';
import type { PaperRecord, SectionKind } from '../../../src/core/types';

const section = (kind: SectionKind, texts: string[]) => ({
  heading: kind,
  kind,
  sentences: texts.map((text, index) => ({ text, section: kind, index, page: 1 })),
});

/** A paper as a PDF's text layer gives it: a journal sidebar in the introduction, back matter in the conclusion. */
const verseParser: PaperRecord = {
  key: 'roe2021verse',
  type: 'article',
  title: 'Chime-Aware Parsing of Verse',
  authors: [{ family: 'Roe' }, { family: 'Quill' }],
  abstract:
    'We present a chime-aware parser for inverted word order in verse. It is trained on fewer than 200 annotated lines. ' +
    '© 2021 Northfield Press Ltd. All rights reserved.',
  sections: [
    section('introduction', [
      'Verse inverts word order to keep its rhyme, which prose parsers were never trained on.',
      'Editor: Mara Vell, Northfield Institute of Letters, UNITED KINGDOM',
      'This article belongs to the Topical Collection: Verse and Computation  Ada Vell ada.vell@northfield.ac.uk',
      'Copyright: © 2021 Roe, Quill.',
      'This is an open access article distributed under the terms of the Creative Commons Attribution License.',
      'Data Availability Statement: All relevant data are within the paper and its Supporting Information files.',
      'Funding: This work was supported by the Northfield Foundation, grant NF-220.',
      'We also show that the chime-aware parser needs only the rhyme scheme of each stanza. ∗Work on this paper was partially supported by the Northfield Research Council.',
      'Ballads lend themselves to this kind of parsing, although a few of the longer ballads of the ∗Supported by the Northfield Foundation, grant NF-221.',
      'The goal is to recover, for every inverted line, one of the following structures:',
    ]),
    section('conclusion', [
      'The accuracy of the chime-aware parser is supported by experiments on three verse corpora.',
      'We thank Ada Vell and the anonymous reviewers for their comments on drafts of this paper.',
      'Permission to make digital or hard copies of all or part of this work for personal or classroom use is granted without fee.',
      'To copy otherwise, to republish, to post on servers or to redistribute to lists, requires prior specific permission and/or a fee.',
      'Articles from this volume were invited to present their results at the 12th Conference on Verse Data, September 2021.',
      'A. Quill is currently with the Northfield Verse Corporation, Leeds, UK.',
      'Ada Vell participated in this research while at the Institute of Letters, University of Northfield.',
      'This paper was recommended by Guest Editor M. Vell.',
      'Appearing in Proceedings of the 12th Conference on Verse Data, Leeds, UK, 2021.',
      'Table B. Accuracy of the chime-aware parser on each verse form of the three corpora.',
    ]),
  ],
};

describe('sourceDocument: what a citation may quote', () => {
  it("keeps the paper's prose and drops its front and back matter, publisher notices and supplementary captions", () => {
    assert.deepEqual(
      sourceDocument(verseParser).sentences.map((s) => s.text),
      [
        'We present a chime-aware parser for inverted word order in verse.',
        'It is trained on fewer than 200 annotated lines.',
        'Verse inverts word order to keep its rhyme, which prose parsers were never trained on.',
        // The footnote the text layer ran into the sentence goes; the sentence it cut in two goes with it.
        'We also show that the chime-aware parser needs only the rhyme scheme of each stanza.',
        // "supported by experiments" is a claim, not a funding note.
        'The accuracy of the chime-aware parser is supported by experiments on three verse corpora.',
      ],
    );
  });

  it("drops a book blurb's publisher lines and notes about its author, and cites the title alone when nothing else is left", async () => {
    const blurb: PaperRecord = {
      key: 'mensah04',
      type: 'book',
      title: 'White Margins',
      authors: [{ family: 'Mensah', given: 'Ama' }],
      abstract:
        'First published in 2004. Harbourside is an imprint of Tidewater Group, an informa company. ' +
        'Ama Mensah holds the Lindqvist Fellowship in Print Studies at Harbour University. She has edited two previous books on margins.',
    };
    assert.deepEqual(sourceDocument(blurb).sentences.map((s) => s.text), []);
    const cite = await new DefaultEngine().citationSentence({ key: 'mensah04', style: 'citation' }, new MemoryLibrary([blurb]));
    assert.equal(cite.text, 'Mensah \\cite{mensah04} presented “White Margins”.');
    assert.equal(cite.grounded, false);
  });

  it('drops the pieces of sentences that column and page breaks cut, the paper\'s layout and roadmap and its bracketed asides', () => {
    const cut: PaperRecord = {
      key: 'vell2019rhyme',
      type: 'inproceedings',
      title: 'Rhyme Graphs',
      authors: [{ family: 'Vell' }],
      sections: [
        section('introduction', [
          // The section's heading run into its first sentence goes; the sentence stays.
          'Introduction Rhyme graphs link the line endings of a poem by how they sound.',
          'Which raises the following research question.',
          // The two halves of one sentence that a column break cut.
          'The quality of the rhyme graph depends strongly',
          'on the pronunciation dictionary and the size of the poem.',
          'But for some languages, ex.',
          'This paper is organised as follows.',
          'We continue with a discussion of the pronunciation dictionary.',
          'This paper closes with a short history of rhyme graphs.',
          'The corpus is described, and then the rhyme graphs are presented.',
          'Implementation details are not extensively discussed.',
          'Some conclusions are drawn and directions for future work are presented.',
          'Proofs and further results are given in the appendix.',
          'Evaluation and experimental results 11 4.1.',
          '(The work by Quill builds on that by Roe.)',
          'k-means clustering of the endings recovers the rhyme scheme of most sonnets.',
        ]),
      ],
    };
    assert.deepEqual(
      sourceDocument(cut).sentences.map((s) => s.text),
      ['Rhyme graphs link the line endings of a poem by how they sound.', 'k-means clustering of the endings recovers the rhyme scheme of most sonnets.'],
    );
  });

  it('drops the examples a paper works through (also after "For example," or a label), captions, its sections named in brackets, its notation and problem setup', () => {
    const worked: PaperRecord = {
      key: 'quill2020chime',
      type: 'inproceedings',
      title: 'Chime Detection in Ballads',
      authors: [{ family: 'Quill' }],
      sections: [
        section('introduction', [
          'We detect chimes, the internal rhymes of a ballad, from its pronunciations alone.',
          '“Moor” may rhyme with “door” or with “tour”, depending on the dialect of the singer.',
          'For example, consider the line “The miller rode to Dunmore town.”',
          'We then describe the corpus (“Ballad Corpus”) and the results (“Chime Detection Results”).',
          'A ballad is a sequence L = l1, …, ln of lines, and each line l ∈ L ends in a rhyme word.',
          'Let R^(2)(l) denote the set of lines that rhyme with l at distance two.',
          '¬(a —> b) means that line a cannot rhyme with line b.',
          'For example, “moor” may rhyme with “door” in the north and with “tour” in the south.',
          'We are also given disjoint sets S1, S2, ..., SK such that Si holds the singers of the ith dialect.',
          'We denote by Rmin and Rmax the shortest and the longest rhyme of any stanza.',
          'Let B be the set of ballads of one singer.',
          'Sentence: “The miller rode to Dunmore town.”',
          'An example of a chime graph.',
          'An example of a chime graph is the ballad of the miller.',
          'Detection is reliable: agreement with two annotators reaches κ = 0.81 on the test ballads.',
        ]),
      ],
    };
    assert.deepEqual(sourceDocument(worked).sentences.map((s) => s.text), [
      'We detect chimes, the internal rhymes of a ballad, from its pronunciations alone.',
      // "An example of a chime graph." is a caption that lost its label; with a verb it is a sentence.
      'An example of a chime graph is the ballad of the miller.',
      // A symbol equal to a number is a result, not notation.
      'Detection is reliable: agreement with two annotators reaches κ = 0.81 on the test ballads.',
    ]);
  });

  it('cites a PDF without abstract or introduction heading from the text before its first heading', () => {
    const unheaded = (texts: string[]) => ({ heading: '', kind: 'other' as const, sentences: texts.map((text, index) => ({ text, section: 'other' as const, index, page: 1 })) });
    const magazine: PaperRecord = {
      key: 'vell2003chime',
      type: 'article',
      title: 'A Field Guide to Chimes',
      authors: [{ family: 'Vell' }],
      sections: [
        unheaded([
          'Ballads keep their rhymes even when a singer changes the words.',
          'Here, we present the chime patterns of northern ballads and a method to detect them from pronunciations.',
        ]),
        section('method', ['Each line is transcribed into phonemes before its last stressed vowel is compared.']),
        section('references', ['Roe, A. (2001). Verse and rhyme. Northfield Press.']),
      ],
    };
    const doc = sourceDocument(magazine);
    assert.ok(doc.grounded);
    assert.deepEqual(doc.sentences.map((s) => [s.section, s.text]), [
      ['other', 'Ballads keep their rhymes even when a singer changes the words.'],
      ['other', 'Here, we present the chime patterns of northern ballads and a method to detect them from pronunciations.'],
    ]);
    // A page that never says what it does (a list of references) still gives only the title.
    const referencesOnly: PaperRecord = {
      ...magazine,
      sections: [unheaded(['Roe, A., Quill, B., and Vell, C. (2001). Verse and rhyme in northern ballads.', 'In M. Vell (Ed.), Studies in Verse (pp. 12–40).'])],
    };
    assert.equal(sourceDocument(referencesOnly).grounded, false);
  });

  it("reads a structured abstract without its headings, and cites what the study did rather than its background", async () => {
    const record: PaperRecord = {
      key: 'haddad2020',
      type: 'article',
      title: 'Sleep and recall in adolescents',
      authors: [{ family: 'Haddad', given: 'Rana' }],
      abstract:
        'Background: Short sleep is common among teenagers. Methods: We followed 412 pupils for two school years and logged nightly sleep with wrist sensors. Results: Each hour of lost sleep lowered word-list recall by 6 percent. Conclusions: Protecting sleep may help learning. Keywords: sleep duration, verbal memory, school pupils, wrist sensors.',
    };
    const doc = sourceDocument(record);
    assert.deepEqual(
      doc.sentences.map((s) => s.text),
      ['We followed 412 pupils for two school years and logged nightly sleep with wrist sensors.', 'Each hour of lost sleep lowered word-list recall by 6 percent.', 'Protecting sleep may help learning.'],
    );
    const cite = await new DefaultEngine().citationSentence({ key: 'haddad2020', style: 'citation' }, new MemoryLibrary([record]));
    assert.match(cite.text, /Haddad \\cite\{haddad2020\} followed 412 pupils/);
    // Emerald's exports: headings without a colon, one run into the sentence before it.
    const emerald: PaperRecord = {
      ...record,
      key: 'vale2019',
      abstract:
        'Purpose The purpose of this paper is to compare how readers rate novels online.Design/methodology/approach Ratings of 900 novels were sampled from two sites. Findings Readers rate translated novels lower. Originality/value This study adds a cross-site comparison of ratings.',
    };
    const texts = sourceDocument(emerald).sentences.map((s) => s.text);
    assert.deepEqual(texts, [
      'The purpose of this paper is to compare how readers rate novels online.',
      'Ratings of 900 novels were sampled from two sites.',
      'Readers rate translated novels lower.',
      'This study adds a cross-site comparison of ratings.',
    ]);
    // The "Conspectus" an ACS Accounts abstract opens with.
    const account: PaperRecord = { ...record, key: 'okafor2020', abstract: 'Conspectus Tide gauges corrode within months in warm seas. In this Account, we summarize a decade of work on gauge coatings.' };
    assert.deepEqual(sourceDocument(account).sentences.map((s) => s.text), ['Tide gauges corrode within months in warm seas.', 'In this Account, we summarize a decade of work on gauge coatings.']);
    // A sentence that merely opens with such a word keeps it, and so does an abstract with one heading-like word.
    const plain: PaperRecord = { ...record, key: 'p', abstract: 'Results show that short naps help pupils. Background noise in classrooms hurts recall of word lists. We measure both effects in two schools.' };
    assert.deepEqual(sourceDocument(plain).sentences.map((s) => s.text), ['Results show that short naps help pupils.', 'Background noise in classrooms hurts recall of word lists.', 'We measure both effects in two schools.']);
  });

  it('drops the same notices from a data set that ships its abstracts as sentences', () => {
    const doc = sourceDocumentFromSentences([
      'We present a chime-aware parser for inverted word order in verse.',
      'Ballads are parsed with fewer than 200 annotated lines. © 2021 Northfield Press Ltd. Verse Stud 8: 23–41, 2021',
      'Our parser has two parts:',
    ]);
    assert.deepEqual(
      doc.sentences.map((s) => s.text),
      ['We present a chime-aware parser for inverted word order in verse.', 'Ballads are parsed with fewer than 200 annotated lines.'],
    );
  });

  it('a draft from such a PDF reports what the paper did, never who funded, thanked or licensed it', async () => {
    const engine = new DefaultEngine();
    const draft = await engine.draft({ keys: [verseParser.key], targetWords: 300, format: 'latex' }, new MemoryLibrary([verseParser]));
    assert.match(draft.text, /chime-aware parser/);
    assert.doesNotMatch(draft.text, /supported by the|Foundation|thank|©|[Cc]opyright|licen[cs]e|Creative Commons|Editor|Data Availability|Permission|Table B|following structures/, draft.text);
  });
});

describe('HTML entities that reference managers leave in titles and abstracts', () => {
  it('cites with the characters they stand for, never the entity names', async () => {
    const record: PaperRecord = {
      key: 'vell2020tides',
      type: 'article',
      title: 'Reading the Harbour&rsquo;s Tides',
      authors: [{ family: 'Vell' }],
      abstract: 'We describe &quot;slack-water&quot; forecasts for Tides \\&amp; Currents, a pilots&apos; almanac, when depth &lt; 3&nbsp;m.',
    };
    const engine = new DefaultEngine();
    const cited = await engine.citationSentence({ key: record.key, style: 'citation', syntax: 'cite' }, new MemoryLibrary([record]));
    assert.doesNotMatch(cited.text, /&[a-z]+;/, cited.text);
    // Written for LaTeX: the ampersand and the less-than sign escaped, the quotes typeset.
    assert.match(cited.text, /“slack-water” forecasts for Tides \\& Currents, a pilots' almanac, when depth \\textless\{\} 3 m\./, cited.text);
    assert.equal(sourceDocument(record).title, 'Reading the Harbour’s Tides');
    // A bare ampersand is not an entity.
    assert.equal(sourceDocument({ ...record, title: 'Tides at AT&T Harbour' }).title, 'Tides at AT&T Harbour');
  });
});
