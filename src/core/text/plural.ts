// The plural of an English count noun by its spelling, for the phrases a draft names in the plural ("gating
// mechanisms", "control policies", "approaches"). Verbs take their "-s" in rewrite/agreement.ts (toThirdSingular),
// which differs ("goes", "has").

/** "mechanism" → "mechanisms", "policy" → "policies", "approach" → "approaches", "box" → "boxes", "bus" → "buses". */
export function pluralOf(noun: string): string {
  return noun.replace(/(?:(s|x|z|ch|sh)|([^aeiou])y)$/, (_m, sibilant?: string, consonant?: string) => (sibilant ? `${sibilant}e` : `${consonant}ie`)) + 's';
}
