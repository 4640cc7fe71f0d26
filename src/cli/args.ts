// What every subcommand shares: the error for arguments it refuses (exit 2, with the usage) and where it writes.
// The options themselves are declared per command (options.ts, command.ts).

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export interface CliIO {
  out(line: string): void;
  err(line: string): void;
  /** Where `shared/`-style data and the bundled sample library live (the package root). */
  packageRoot: string;
}
