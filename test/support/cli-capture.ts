// The CLI's output as lines, for tests that call main() in-process and read what a user would see.
import * as path from 'node:path';
import type { CliIO } from '../../src/cli/args';

export function captureCli(): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (l) => stdout.push(l), err: (l) => stderr.push(l), packageRoot: path.resolve(__dirname, '../..') };
}
