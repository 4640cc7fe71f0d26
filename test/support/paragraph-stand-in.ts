// What a stand-in model answers to a paragraph prompt (paragraph-prompts.ts): one sentence per work of the plan line,
// each in the words of the work's own abstract ("As [W2] report, learning a mapping …"), so that the attribution check
// finds it supported; with `misattribute`, the first work is credited with the second work's sentence, which the check
// must catch ("describes [W2], not [W1]").
import { splitSentences } from '../../src/core/text/sentences';

export interface PromptWork {
  placeholder: string;
  title: string;
  sentences: string[];
}

/** The works a paragraph prompt gives: placeholder, title and abstract sentences, in the prompt's order. */
export function promptWorks(prompt: string): PromptWork[] {
  const out: PromptWork[] = [];
  for (const m of prompt.matchAll(/^(\[W\d+\]): "([^"]*)"\n((?: {2}[^\n]*\n?)*)/gm)) {
    const abstract = /^ {2}Abstract: (.*)$/m.exec(m[3])?.[1] ?? '';
    out.push({ placeholder: m[1], title: m[2], sentences: abstract ? splitSentences(abstract) : [] });
  }
  return out;
}

/** The sentence said of a work: its abstract's second sentence (the first often sets the problem), lower-cased. */
function claimOf(work: PromptWork): string {
  const s = (work.sentences[1] ?? work.sentences[0] ?? work.title).replace(/[.!?]$/, '');
  return s[0].toLowerCase() + s.slice(1);
}

export function paragraphReply(prompt: string, misattribute = false): string {
  const works = promptWorks(prompt);
  const lines = works.map((w, i) => `As ${w.placeholder} report, ${claimOf(misattribute && i === 0 && works[1] ? works[1] : w)}.`);
  // A topic sentence only where there are works to have something in common.
  const topic = works.length > 1 ? [`Several works translate images between domains ${works.map((w) => w.placeholder).join(', ')}.`] : [];
  return [...topic, ...lines].join(' ');
}
