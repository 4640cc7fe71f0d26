// Builds a platform-specific .vsix (native modules: better-sqlite3, onnxruntime-node) with @vscode/vsce.
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { readFileSync, statSync } from 'node:fs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const target = process.env.CITESCRIBE_VSIX_TARGET ?? `${process.platform}-${process.arch}`;
const out = path.join(root, `${pkg.name}-${target}-${pkg.version}.vsix`);
const vsce = path.join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
// --no-rewrite-relative-links: the README links to ARCHITECTURE.md, docs/ and media/screenshots/ by relative paths, and
// with no repository URL to prefix them vsce would refuse to package rather than leave them as they are.
const r = spawnSync(process.execPath, [vsce, 'package', '--target', target, '--out', out, '--allow-missing-repository', '--no-rewrite-relative-links'], {
  cwd: root,
  stdio: 'inherit',
});
if (r.status !== 0) process.exit(r.status ?? 1);
console.log(`[package] ${path.basename(out)} ${(statSync(out).size / 1e6).toFixed(1)} MB`);
