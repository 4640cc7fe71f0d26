// Unicode's raised and lowered characters: the decoder writes "O(n^2)" as "O(n²)", and LaTeX output writes "²ⁿ" back
// as \textsuperscript{2n}. Letters only where the raised form is common in fonts (ⁿ, ⁱ, ᵀ).

function table(plain: string, forms: string): Record<string, string> {
  const f = [...forms];
  return Object.fromEntries([...plain].map((c, i) => [c, f[i]]));
}

/** Plain character → its superscript form. */
export const SUPERSCRIPT_OF: Readonly<Record<string, string>> = table('0123456789+-−=()niT', '⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ⁿⁱᵀ');
/** Plain character → its subscript form. */
export const SUBSCRIPT_OF: Readonly<Record<string, string>> = table('0123456789+-−=()', '₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎');

/** Script form → the plain character it raises or lowers ("⁻" → "-", the ASCII minus, not "−"). */
function inverse(of: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [plain, form] of Object.entries(of)) out[form] ??= plain;
  return out;
}
export const PLAIN_OF_SUPERSCRIPT = inverse(SUPERSCRIPT_OF);
export const PLAIN_OF_SUBSCRIPT = inverse(SUBSCRIPT_OF);
