#!/usr/bin/env node
// `npm run make-tiny-models -- OUTDIR [--seed N] [--external-data]` (or `--check`): runs make-tiny-models.py with
// a Python that has onnx + numpy.
// The interpreter is $CITESCRIBE_PYTHON, else the first of python3 / /usr/bin/python3 that can import both
// (pyenv shims often shadow Debian's python3-onnx).
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const candidates = [process.env.CITESCRIBE_PYTHON, 'python3', '/usr/bin/python3', 'python'].filter(Boolean);
const python = candidates.find(
  (exe) => spawnSync(exe, ['-c', 'import onnx, numpy'], { stdio: 'ignore' }).status === 0,
);
if (!python) {
  console.error(
    `make-tiny-models: no Python with the onnx and numpy packages (tried ${candidates.join(', ')}). ` +
      'Install them (Debian: apt-get install python3-onnx python3-numpy; else pip install onnx numpy) or set CITESCRIBE_PYTHON.',
  );
  process.exit(1);
}
if (process.argv[2] === '--check') {
  // For setup scripts: exit 0 when a suitable interpreter exists (prints it), 1 otherwise (message above).
  console.log(python);
  process.exit(0);
}
const result = spawnSync(python, [path.join(here, 'make-tiny-models.py'), ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
