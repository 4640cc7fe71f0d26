// CiteSum's "REF" convention for the cited work, in both directions (training data and neural-model output).
import { type CitationStyle } from '../types';
import { workSubject } from './authors';
import { agreeVerb } from './agreement';
import { type RewriteTarget } from './first-person';
import { capitalizeFirst } from './sentence';
import { escapeRegExp } from '../text/regexp';


/** CiteSum writes the cited work as "REF": "REF propose …". Our subject → REF (for training/eval data). */
export function toRefConvention(text: string, key: string): string {
  const esc = escapeRegExp(key);
  return text
    .replace(new RegExp(`(?:[\\p{Lu}][\\p{L}'-]+(?: and [\\p{Lu}][\\p{L}'-]+| et al\\.)? )?(?:\\\\cite[tp]?\\{${esc}\\}|\\[@${esc}\\])`, 'gu'), 'REF')
    .replace(/\s{2,}/g, ' ');
}

/**
 * "REF propose …" (e.g. from a neural model trained on CiteSum) → "Smith et al. \cite{k} propose …" in citation style;
 * in tldr style, as CiteSum evaluates on SciTLDR, a leading "REF" becomes "This paper", "In REF," is dropped and
 * any other "REF" is removed.
 */
export function fromRefConvention(text: string, target: Omit<RewriteTarget, 'style'> & { style?: CitationStyle }): string {
  if (target.style === 'tldr') {
    const t = text.replace(/\bIn REF,\s*/g, '').trim();
    // CiteSum's "REF propose" is plural; "This paper" takes the singular.
    const lead = /^REF\b/.test(t) ? `This paper ${agreeVerb(t.slice(3).trim(), 'singular', 'base')}` : t;
    return capitalizeFirst(lead.replace(/\s*\bREF\b/g, '').replace(/\s{2,}/g, ' ').trim());
  }
  const subject = workSubject(target.record, target.syntax);
  return text.replace(/\bREF\b/g, subject.text);
}
