// The name a title gives the system, resource or model it presents ("TnT - A Statistical Part-of-Speech Tagger",
// "VerbOcean: Mining the Web for …", "BERT: Pre-training of …"). Readers know such works by that name and look for it
// in a related-work section, while the abstract sentence a citation quotes often says only "a statistical tagger".
// The written citation then carries it after the authors: "Brants (TnT) \cite{k} presented a statistical tagger".
import type { CiteSyntax, PaperRecord } from '../types';
import { authorPhrase, workSubject } from './authors';
import { alternation, PIECE_LABELS } from '../lexicon';

/** A word that reads as a coined name rather than an ordinary word: an inner capital ("TnT", "VerbOcean", "iPhone"),
 * capitals then lower case ("CCGbank"), letters and digits ("word2vec", "GPT-2"), or capitals only ("COGEX"). */
const COINED = /^(?:\p{L}*\p{Ll}\p{Lu}[\p{L}\d-]*|\p{Lu}{2,}\p{Ll}[\p{L}\d-]*|[\p{L}-]*\p{L}[\p{L}-]*\d[\p{L}\d-]*|\p{Lu}[\p{Lu}\d-]{2,})$/u;
/** A version that may follow a name ("WordNet 2", "Moses 1.0"). */
const VERSION = /^\d+(?:\.\d+)*$/;
/** Capitals-only words that label a kind of piece, not a system ("ERRATUM: …", "REVIEW: …"). */
const PIECE_LABEL = new RegExp(`^(?:${alternation(PIECE_LABELS)})$`);
/** Coined names that a title is about rather than presents: a disease ("COVID-19: …"), a surname ("MacKichan: …"). */
const NOT_PRESENTED = /^(?:COVID-19|SARS-CoV-2|SARS-CoV|MERS-CoV|H1N1|H5N1|HIV-1|HIV-2|(?:Mac|Mc|De|Di|Du|La|Le|Van|Von)\p{Lu}\p{Ll}+)$/u;
/** "TUG 2007: …", "ISAAC 2004: …": a meeting and its year, not a system and its version. */
const YEAR = /^(?:1[89]|20)\d\d$/;
/** The name, then ":" or a spaced dash, then the rest of the title. */
const NAME_THEN_SUBTITLE = /^\s*([^:]{2,40}?)\s*(?::|\s[-–—]{1,2}\s)\s*(\S.*)$/su;

/**
 * The coined name a title opens with, or undefined: one or two words, each a coined name or a version number, with
 * a subtitle after them. A title in capitals throughout ("MITRE: DESCRIPTION OF THE ALEMBIC SYSTEM") says nothing
 * by its capitals, and a title that opens with ordinary words ("Seeing Stars: …", "Char Align: …") has no coined name.
 */
export function systemNameOfTitle(title: string | undefined): string | undefined {
  const m = title && NAME_THEN_SUBTITLE.exec(title.replace(/[{}]/g, ''));
  if (!m) return undefined;
  const [, head, rest] = m;
  if (!/\p{Ll}/u.test(rest)) return undefined;
  const words = head.split(/\s+/);
  const coined = (w: string) => COINED.test(w) && !PIECE_LABEL.test(w) && !NOT_PRESENTED.test(w);
  if (words.length > 2 || !words.some(coined)) return undefined;
  return words.every((w) => coined(w) || (VERSION.test(w) && !YEAR.test(w))) ? head : undefined;
}

/** The text says the name already, in any case ("TEXTRUNNER" for "TextRunner"). */
export function saysName(text: string, name: string): boolean {
  return text.toLowerCase().includes(name.toLowerCase());
}

/**
 * "Brants \cite{k} presented a statistical tagger" → "Brants (TnT) \cite{k} presented …": the name after the authors,
 * where the sentence has them as its subject and does not say the name. `names` is the authors' phrase ("Brants",
 * "Smith et al."), `subject` the whole subject with its citation ("Brants \cite{k}").
 */
export function withSystemName(text: string, naming: SystemNaming): string | undefined {
  const { subject, names, name } = naming;
  if (saysName(text, name) || !subject.startsWith(`${names} `)) return undefined;
  // The subject opens the sentence, or follows a fronted clause ("Using a trigram model, Brants \cite{k} …").
  const fronted = text.indexOf(`, ${subject} `);
  const at = text.startsWith(`${subject} `) ? 0 : fronted >= 0 ? fronted + 2 : -1;
  if (at < 0) return undefined;
  return `${text.slice(0, at)}${subjectWithName(naming)}${text.slice(at + subject.length)}`;
}

/** The subject with the system's name after the authors: "Brants (TnT) \cite{k}". */
export function subjectWithName({ subject, names, name }: SystemNaming): string {
  return `${names} (${name})${subject.slice(names.length)}`;
}

/** What the written citation needs to name the system: the name, the authors' phrase, their subject with its marker. */
export interface SystemNaming {
  name: string;
  names: string;
  subject: string;
}

/**
 * How a citation of the record names its system, or undefined: the title names none, or no authors are there to put
 * it after (a bare "\cite{k} (TnT) presented" reads as a list), or the document cites with \citet (which prints the
 * names itself).
 */
export function systemNaming(record: Pick<PaperRecord, 'key' | 'authors' | 'authorsTruncated' | 'title'>, syntax?: CiteSyntax): SystemNaming | undefined {
  const name = systemNameOfTitle(record.title);
  const names = name && syntax !== 'citet' ? authorPhrase(record.authors ?? [], record.authorsTruncated) : undefined;
  return name && names ? { name, names: names.text, subject: workSubject(record, syntax).text } : undefined;
}
