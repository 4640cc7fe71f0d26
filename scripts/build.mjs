// Builds the three bundles: the extension host code, the webview UI, and the CLI.
import * as esbuild from 'esbuild';
import { existsSync } from 'node:fs';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

// Native and large runtime modules stay in node_modules and load on first use.
const nodeExternals = ['better-sqlite3', 'onnxruntime-node', '@huggingface/transformers', 'pdfjs-dist', 'sharp', 'an-array-of-english-words'];

const common = {
  bundle: true,
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
};

const builds = [
  {
    ...common,
    entryPoints: ['src/extension/extension.ts'],
    outfile: 'dist/extension.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode', ...nodeExternals],
  },
  {
    ...common,
    entryPoints: ['src/cli/main.ts'],
    outfile: 'dist/cli.js',
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    external: nodeExternals,
  },
];
if (existsSync('webview/main.ts')) {
  builds.push({
    ...common,
    entryPoints: { webview: 'webview/main.ts' },
    outdir: 'dist',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  });
}
// Integration suites run inside the extension host: vscode and mocha come from the host / node_modules.
for (const suite of ['extension', 'vsix']) {
  builds.push({
    ...common,
    entryPoints: [`test/integration/suite/${suite}.ts`],
    outfile: `out/integration/${suite}.js`,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode', 'mocha', ...nodeExternals],
  });
}
// Worker entry points (e.g. the PDF extraction pool) are bundled beside the CLI/extension.
for (const [entry, out] of [['src/core/pdf/worker.ts', 'dist/pdf-worker.js'], ['src/cli/check-worker.ts', 'dist/check-worker.js']]) {
  if (existsSync(entry)) {
    builds.push({ ...common, entryPoints: [entry], outfile: out, platform: 'node', format: 'cjs', target: 'node20', external: nodeExternals });
  }
}

// Entries whose source does not exist yet are skipped, so a partial tree still builds.
const present = builds.filter((b) => {
  const entries = Array.isArray(b.entryPoints) ? b.entryPoints : Object.values(b.entryPoints);
  return entries.every((e) => existsSync(e));
});

if (watch) {
  for (const b of present) (await esbuild.context(b)).watch();
  console.log('[build] watching');
} else {
  await Promise.all(present.map((b) => esbuild.build(b)));
  console.log(`[build] ${present.map((b) => b.outfile ?? b.outdir + '/webview.js').join(', ')}`);
}
