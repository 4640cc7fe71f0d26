// Files another process reads (eval predictions a script scores, a model folder's completion marker, answers a test
// polls for) are written under a temporary name in the same folder and then renamed: a reader sees the old file or
// the whole new one, never half of it, and a write that fails part-way (disk full, a value that cannot be encoded)
// leaves the old file as it was.
import * as fs from 'node:fs';
import * as path from 'node:path';

let counter = 0;

/** Writes `data` to `file` atomically (same-folder temp file, then rename). */
export function writeFileAtomic(file: string, data: string | Uint8Array): void {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${++counter}.tmp`);
  try {
    fs.writeFileSync(temp, data);
    fs.renameSync(temp, file);
  } catch (err) {
    fs.rmSync(temp, { force: true });
    throw err;
  }
}

/** Builds the text first (so an encoding error never reaches the disk), then writes it atomically. */
export function writeJsonLinesAtomic(file: string, lines: readonly unknown[]): void {
  writeFileAtomic(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
}
