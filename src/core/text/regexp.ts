// regexp: text matched literally inside a pattern built at run time (a key, an acronym, a phrase of an abstract).

/** The text with every character a pattern reads specially escaped: "C++ (2nd ed.)" → "C\+\+ \(2nd ed\.\)". */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
