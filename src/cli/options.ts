// A command's options declared once: the declaration (node's util.parseArgs option config plus a description, a value
// name, allowed values, a number rule, a default, required) gives the parsing, the checks and the --help text, so a
// new option cannot be parsed without being documented, nor documented as taking values it refuses. E.g.
//   style: { type: 'string', choices: ['citation', 'tldr'], default: 'citation', description: 'what to write' }
// parses `--style tldr`, refuses `--style long` ("--style must be citation or tldr, got 'long'") and lists
// `--style citation|tldr  what to write (default: citation)` under the command's Options.
import { parseArgs } from 'node:util';
import { UsageError } from './args';

/** What a numeric option accepts; the value reaches the command as a number. */
interface NumberRule {
  integer?: boolean;
  /** The least value allowed (inclusive). */
  min?: number;
  /** Every value must be above this (exclusive): `above: 0` for a duration. */
  above?: number;
  /** Said in the error and the help: "a number of seconds above 0". */
  unit?: string;
}

export interface OptionDecl {
  type: 'string' | 'boolean';
  /** One letter: `-k` for `--k`. */
  short?: string;
  /** What the option does, for --help (wrapped there; no default, no "repeatable": those are added from the fields). */
  description: string;
  /** The placeholder in --help and in errors: `--db DB`. Defaults to the choices (`a|b`) or VALUE. */
  valueName?: string;
  /** The only values allowed. */
  choices?: readonly string[];
  /** A numeric option: checked, and converted to a number. */
  number?: NumberRule;
  /** Applied when the option is absent, and shown in --help. */
  default?: string | number | boolean;
  /** May be given more than once; the values come as a list. */
  multiple?: boolean;
  /** Absent is an error: true says "--db DB is required", a string is the whole message. */
  required?: boolean | string;
}

export type OptionDecls = Readonly<Record<string, OptionDecl>>;

/** The words after the command that are not options: one (`cite KEY`) or all of them joined (`search QUERY…`). */
export interface PositionalDecl {
  name: string;
  description: string;
  /** 'one': a single word (a second is an unexpected argument); 'words': every word, joined by spaces. */
  kind: 'one' | 'words';
  choices?: readonly string[];
  /** As for options: true says "KEY is required", a string is the whole message. */
  required?: boolean | string;
}

type OneValue<D> = D extends { type: 'boolean' } ? boolean : D extends { number: NumberRule } ? number : D extends { choices: readonly (infer C)[] } ? C : string;
type Value<D> = D extends { multiple: true } ? OneValue<D>[] : OneValue<D>;
type Always<D> = D extends { default: unknown } ? true : D extends { required: true | string } ? true : false;
/** The parsed values, typed by the declaration: present when defaulted or required, otherwise perhaps undefined. */
type OptionValues<O extends OptionDecls> = { -readonly [K in keyof O as Always<O[K]> extends true ? K : never]: Value<O[K]> } & {
  -readonly [K in keyof O as Always<O[K]> extends true ? never : K]?: Value<O[K]>;
};

export interface ParsedArgs<O extends OptionDecls> {
  values: OptionValues<O>;
  /** The positional word(s), joined for kind 'words'; undefined when none was given. */
  positional: string | undefined;
  /** The options the user gave (a default applied is not one). */
  given: ReadonlySet<string>;
}

/** Keeps the literal types of a declaration (its choices become a union) while checking its shape. */
export function declareOptions<const O extends OptionDecls>(options: O): O {
  return options;
}

/** "a, b or c". */
export function orList(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** "a positive integer", "an integer ≥ 10", "a number of seconds above 0". */
function describeNumber(rule: NumberRule): string {
  const noun = rule.integer ? 'integer' : `number${rule.unit ? ` of ${rule.unit}` : ''}`;
  if (rule.integer && rule.min === 1 && rule.above === undefined) return `a positive ${noun}`;
  if (rule.integer && rule.min === 0 && rule.above === undefined) return `a whole number${rule.unit ? ` of ${rule.unit}` : ''}`;
  const bounds = [rule.min !== undefined ? `≥ ${rule.min}` : '', rule.above !== undefined ? `above ${rule.above}` : ''].filter(Boolean).join(' and ');
  return `${rule.integer ? 'an' : 'a'} ${noun}${bounds ? ` ${bounds}` : ''}`;
}

/** The placeholder after the flag: `DB`, `citation|tldr`, `N`. */
export function valueNameOf(decl: OptionDecl): string {
  return decl.valueName ?? (decl.choices ? decl.choices.join('|') : decl.number ? 'N' : 'VALUE');
}

/** One value of one option, checked against its declaration; the number for a numeric option. Throws a UsageError. */
export function checkOptionValue(name: string, decl: OptionDecl, raw: string): string | number {
  if (decl.choices && !decl.choices.includes(raw)) throw new UsageError(`--${name} must be ${orList(decl.choices)}, got '${raw}'`);
  if (!decl.number) return raw;
  const rule = decl.number;
  const n = raw.trim() === '' ? NaN : Number(raw);
  const fits = Number.isFinite(n) && (!rule.integer || Number.isInteger(n)) && (rule.min === undefined || n >= rule.min) && (rule.above === undefined || n > rule.above);
  if (!fits) throw new UsageError(`--${name} must be ${describeNumber(rule)}, got '${raw}'`);
  return n;
}

function requiredMessage(required: true | string, what: string): string {
  return typeof required === 'string' ? required : `${what} is required`;
}

interface OptionToken {
  kind: 'option';
  name: string;
  rawName: string;
  value?: string;
  inlineValue?: boolean;
}

/** What a flag is given: the value, or an error naming the flag and what it takes. */
function tokenValue(token: OptionToken, decls: OptionDecls, command: string): string | true {
  const decl = Object.hasOwn(decls, token.name) ? decls[token.name] : undefined;
  if (!decl || token.rawName !== `--${token.name}` && token.rawName !== `-${decl.short}`) {
    const known = Object.keys(decls).map((n) => `--${n}`).join(', ');
    throw new UsageError(`unknown option '${token.rawName}' (${command} takes ${known || 'no options'})`);
  }
  if (decl.type === 'boolean') {
    if (token.value !== undefined) throw new UsageError(`${token.rawName} takes no value (got '${token.value}')`);
    return true;
  }
  // `--db --json` is a forgotten value, not a database named "--json" (node's strict mode refuses it too); a lone
  // `-` is a value, as there.
  if (token.value === undefined || (!token.inlineValue && token.value.length > 1 && token.value.startsWith('-'))) {
    const wanted = decl.choices ? orList(decl.choices) : decl.number ? describeNumber(decl.number) : valueNameOf(decl);
    const hint = token.value === undefined ? '' : ` (got the option '${token.value}'; write --${token.name}=${token.value} for a value that starts with '-')`;
    throw new UsageError(`--${token.name} needs a value: ${wanted}${hint}`);
  }
  return token.value;
}

function readPositional(words: string[], decl: PositionalDecl | undefined): string | undefined {
  if (!decl) {
    if (words.length) throw new UsageError(`unexpected argument '${words[0]}'`);
    return undefined;
  }
  if (decl.kind === 'one' && words.length > 1) throw new UsageError(`unexpected argument '${words[1]}'`);
  const value = decl.kind === 'words' ? words.join(' ').trim() || undefined : words[0];
  if (value === undefined) {
    if (decl.required) throw new UsageError(requiredMessage(decl.required, decl.name));
    return undefined;
  }
  if (decl.choices && !decl.choices.includes(value)) throw new UsageError(`${decl.name} must be ${orList(decl.choices)}, got '${value}'`);
  return value;
}

/**
 * argv of one command, parsed and checked against its declaration: an unknown option, a missing value, a value
 * outside the choices, a non-number for a numeric option, a missing required option each throw a UsageError of one
 * line naming the option and what it takes (main prints it with the usage and exits 2).
 */
export function parseOptions<O extends OptionDecls>(argv: readonly string[], decls: O, positional?: PositionalDecl, command = 'this command'): ParsedArgs<O> {
  const config = Object.fromEntries(Object.entries(decls).map(([name, d]) => [name, { type: d.type, ...(d.short && { short: d.short }) }]));
  // strict: false so that the tokens come back for the checks below, which say more than node's messages do.
  const { tokens } = parseArgs({ args: [...argv], options: config, allowPositionals: true, strict: false, tokens: true });
  const values: Record<string, unknown> = {};
  const words: string[] = [];
  const given = new Set<string>();
  for (const token of tokens) {
    if (token.kind === 'positional') words.push(token.value);
    if (token.kind !== 'option') continue;
    const raw = tokenValue(token as OptionToken, decls, command);
    const decl = decls[token.name];
    const value = raw === true ? true : checkOptionValue(token.name, decl, raw);
    given.add(token.name);
    if (decl.multiple) values[token.name] = [...((values[token.name] as unknown[] | undefined) ?? []), value];
    else values[token.name] = value;
  }
  // The positional first: `citescribe eval` without its task says so before asking for --data.
  const positionalValue = readPositional(words, positional);
  for (const [name, decl] of Object.entries(decls)) {
    if (given.has(name)) continue;
    if (decl.required) throw new UsageError(requiredMessage(decl.required, decl.type === 'boolean' ? `--${name}` : `--${name} ${valueNameOf(decl)}`));
    if (decl.default !== undefined) values[name] = decl.multiple ? [decl.default] : decl.default;
  }
  return { values: values as OptionValues<O>, positional: positionalValue, given };
}
