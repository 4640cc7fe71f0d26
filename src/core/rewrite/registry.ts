// The one ordered list of rewrite rules: stage by stage in STAGES' order, and within a stage in the order of its table.
// A duplicate id, or a rule filed under another stage's table, is an error at load time.
import { CLEAN_RULES } from './rules/clean';
import { COMPRESS_RULES } from './rules/compress';
import { FINISH_RULES } from './rules/finish';
import { NAME_RULES } from './rules/name';
import { READ_RULES } from './rules/read';
import { SUBJECT_RULES } from './rules/subject';
import { VOICE_RULES } from './rules/voice';
import { WRITE_OUT_RULES } from './rules/write-out';
import { STAGES, type Rule, type Stage } from './rule';

const TABLES: ReadonlyArray<readonly [Stage, readonly Rule[]]> = [
  ['read', READ_RULES],
  ['compress', COMPRESS_RULES],
  ['name', NAME_RULES],
  ['clean', CLEAN_RULES],
  ['voice', VOICE_RULES],
  ['subject', SUBJECT_RULES],
  ['finish', FINISH_RULES],
  ['write-out', WRITE_OUT_RULES],
];

export function buildRegistry(tables: ReadonlyArray<readonly [Stage, readonly Rule[]]>): readonly Rule[] {
  const seen = new Set<string>();
  const ordered = [...tables].sort((a, b) => STAGES.indexOf(a[0]) - STAGES.indexOf(b[0]));
  const rules: Rule[] = [];
  for (const [stage, table] of ordered) {
    for (const rule of table) {
      if (rule.stage !== stage) throw new Error(`rewrite rule ${rule.id} is in the ${stage} table but names stage ${rule.stage}`);
      if (!rule.id.startsWith(`${stage}.`)) throw new Error(`rewrite rule ${rule.id} must be named ${stage}.<name>`);
      if (seen.has(rule.id)) throw new Error(`rewrite rule ${rule.id} is defined twice`);
      seen.add(rule.id);
      rules.push(rule);
    }
  }
  return rules;
}

export const RULES: readonly Rule[] = buildRegistry(TABLES);

/**
 * Rules switched off by CITESCRIBE_DISABLE_RULES=id,id (read once): how `scripts/mutation-check.ts` asks whether the
 * tests notice a rule's absence, and how `citescribe explain --without ID` shows what one rule changes.
 */
const disabled = new Set(
  (typeof process !== 'undefined' ? process.env.CITESCRIBE_DISABLE_RULES ?? '' : '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
for (const id of disabled) if (!RULES.some((r) => r.id === id)) throw new Error(`CITESCRIBE_DISABLE_RULES names no rule: ${id}`);

const byStage = new Map<Stage, Rule[]>(STAGES.map((stage) => [stage, []]));
for (const rule of RULES) if (!disabled.has(rule.id)) byStage.get(rule.stage)!.push(rule);

/** The rules of a stage that run, in order. */
export function rulesOf(stage: Stage): readonly Rule[] {
  return byStage.get(stage)!;
}

export function ruleById(id: string): Rule | undefined {
  return RULES.find((r) => r.id === id);
}
