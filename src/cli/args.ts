// Tiny argv parser on node:util's parseArgs, so every subcommand reads flags the same way.
import { parseArgs, type ParseArgsConfig } from 'node:util';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export function parseCommandArgs(argv: string[], options: OptionSpec) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

/** A CLI subcommand: `citescribe <name> …`. */
export interface CliCommand {
  name: string;
  /** One line for `citescribe --help`. */
  summary: string;
  /** Full usage text for `citescribe <name> --help`. */
  usage: string;
  /** Returns the process exit code. */
  run(argv: string[], io: CliIO): Promise<number>;
}

export interface CliIO {
  out(line: string): void;
  err(line: string): void;
  /** Where `shared/`-style data and the bundled sample library live (the package root). */
  packageRoot: string;
}
