// Registry of subcommands. Each command lives in its own file and is listed here once.
import type { CliCommand } from '../args';

export const commands: CliCommand[] = [
];
