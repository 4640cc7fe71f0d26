#!/usr/bin/env node
// citescribe — the headless front end on the same core as the extension.
import * as path from 'node:path';
import { commands } from './commands/index';
import { UsageError, type CliIO } from './args';

const VERSION = '0.1.0';

function helpText(): string {
  const width = Math.max(...commands.map((c) => c.name.length), 4);
  return [
    'citescribe — citation sentences and related-work drafts from your own library',
    '',
    'Usage: citescribe <command> [options]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Run `citescribe <command> --help` for the options of one command.',
  ].join('\n');
}

export async function main(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(helpText());
    return name ? 0 : 1;
  }
  if (name === '--version' || name === '-v') {
    io.out(VERSION);
    return 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    io.err(`citescribe: unknown command '${name}'\n\n${helpText()}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(command.usage);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`citescribe ${name}: ${err.message}\n\n${command.usage}`);
      return 2;
    }
    io.err(`citescribe ${name}: ${(err as Error).message}`);
    if (process.env.CITESCRIBE_DEBUG) io.err(String((err as Error).stack));
    return 1;
  }
}

if (require.main === module) {
  // `citescribe explain "…" | head -1`: the reader closed the pipe, which ends the output, not in a stack trace.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
  const io: CliIO = {
    out: (line) => process.stdout.write(line + '\n'),
    err: (line) => process.stderr.write(line + '\n'),
    // dist/cli.js → package root one level up.
    packageRoot: path.resolve(__dirname, '..'),
  };
  main(process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      process.stderr.write(String(err?.stack ?? err) + '\n');
      process.exitCode = 1;
    },
  );
}
