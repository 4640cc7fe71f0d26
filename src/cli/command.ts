// A CLI subcommand from its declaration: the options table of `citescribe <name> --help` is written from the same
// declaration the arguments are parsed and checked by (options.ts), so what the help lists is what the command takes.
import type { CliIO } from './args';
import { orList, parseOptions, valueNameOf, type OptionDecl, type OptionDecls, type ParsedArgs, type PositionalDecl } from './options';

/** The help is wrapped to this many columns (a terminal's 120, as the hand-written texts were). */
const HELP_WIDTH = 118;
/** The description column; a longer flag pushes its description to the right on that line only. */
const MAX_FLAG_COLUMN = 26;

/** A table of options under a title: a command's own, or those of a task it takes (eval verify-references). */
export interface OptionSection {
  title: string;
  positional?: PositionalDecl;
  options: OptionDecls;
}

interface CommandSpec<O extends OptionDecls> {
  name: string;
  /** One line for `citescribe --help`. */
  summary: string;
  /** The forms of the command line, each after "Usage: " (the structure a table cannot say: "--keys | --tex"). */
  synopsis: readonly string[];
  /** What the command does, between the forms and the options (examples welcome). */
  about?: string;
  positional?: PositionalDecl;
  options: O;
  /** Text after the options table. */
  notes?: string;
  /** Further option tables, after the notes. */
  sections?: readonly OptionSection[];
}

/** A CLI subcommand: `citescribe <name> …`. */
export interface CliCommand {
  name: string;
  summary: string;
  /** Full usage text for `citescribe <name> --help`, written from the declaration. */
  usage: string;
  /** What the usage was written from (tests check the two agree). */
  spec: CommandSpec<OptionDecls>;
  /** Returns the process exit code; a UsageError for arguments the declaration refuses. */
  run(argv: string[], io: CliIO): Promise<number>;
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return line ? [...lines, line] : lines;
}

function optionDescription(decl: OptionDecl): string {
  const extras = [decl.default !== undefined && decl.type !== 'boolean' ? `default: ${decl.default}` : '', decl.multiple ? 'repeatable' : '', decl.required ? 'required' : ''];
  const said = extras.filter(Boolean).join('; ');
  return said ? `${decl.description} (${said})` : decl.description;
}

/** Rows of a two-column table: the flag, then its description wrapped under a common column. */
function table(rows: Array<[string, string]>): string[] {
  const column = Math.min(MAX_FLAG_COLUMN, Math.max(...rows.map(([flag]) => flag.length))) + 4;
  const out: string[] = [];
  for (const [flag, description] of rows) {
    const lines = wrap(description, HELP_WIDTH - column);
    // A flag wider than the column (`--syntax cite|citet|citep|pandoc`) has its description start on the next line.
    if (flag.length + 2 >= column) out.push(`  ${flag}`);
    else out.push(`  ${flag}`.padEnd(column) + (lines.shift() ?? ''));
    for (const line of lines) out.push(`${' '.repeat(column)}${line}`);
  }
  return out;
}

/** The flag as the help shows it: `--db DB`, `--style citation|tldr`, `--json`. */
export function flagOf(name: string, decl: OptionDecl): string {
  const short = decl.short ? `-${decl.short}, ` : '';
  return `${short}--${name}${decl.type === 'string' ? ` ${valueNameOf(decl)}` : ''}`;
}

function sectionLines(section: OptionSection, withHelp: boolean): string[] {
  const out: string[] = [];
  const positional = section.positional;
  if (positional) {
    const description = positional.choices ? `${positional.description}: ${orList(positional.choices)}` : positional.description;
    out.push('Arguments:', ...table([[positional.name, description]]), '');
  }
  const rows = Object.entries(section.options).map(([name, decl]): [string, string] => [flagOf(name, decl), optionDescription(decl)]);
  if (withHelp) rows.push(['-h, --help', 'show this help']);
  out.push(section.title, ...table(rows));
  return out;
}

function helpOf(spec: CommandSpec<OptionDecls>): string {
  // A form that starts with spaces continues the one above, aligned by hand; the others line up after "Usage: ".
  const out = spec.synopsis.map((form, i) => (/^\s/.test(form) ? form : `${i ? '       ' : 'Usage: '}${form}`));
  if (spec.about) out.push('', spec.about);
  out.push('', ...sectionLines({ title: 'Options:', positional: spec.positional, options: spec.options }, true));
  if (spec.notes) out.push('', spec.notes);
  for (const section of spec.sections ?? []) out.push('', ...sectionLines(section, false));
  return out.join('\n');
}

/** A command whose run gets the parsed, checked arguments of its declaration. */
export function defineCommand<const O extends OptionDecls>(spec: CommandSpec<O>, run: (args: ParsedArgs<O>, io: CliIO) => Promise<number>): CliCommand {
  return {
    name: spec.name,
    summary: spec.summary,
    usage: helpOf(spec),
    spec,
    run: async (argv, io) => run(parseOptions(argv, spec.options, spec.positional, `citescribe ${spec.name}`), io),
  };
}
