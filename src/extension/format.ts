// Small display helpers shared by the quick picks, hovers and the draft panel.
import type { Author } from '../core/types';

/** "Ian Goodfellow, Jean Pouget-Abadie, Mehdi Mirza et al." — given name first, so commas only separate people. */
export function formatAuthors(authors: Author[] | undefined, max = 3): string {
  if (!authors || authors.length === 0) return '';
  const names = authors.map((a) => (a.family ? [a.given, a.family].filter(Boolean).join(' ') : (a.literal ?? '')));
  return names.length > max ? `${names.slice(0, max).join(', ')} et al.` : names.join(', ');
}
