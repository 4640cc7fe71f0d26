// Runs the integration suites inside a real VS Code extension host.
// @vscode/test-electron's runTests stays the entry point; vscodeExecutablePath points at our launcher, which drives
// code-server + Chromium because no desktop VS Code can be downloaded here. On a machine with internet, set
// CITESCRIBE_DESKTOP_VSCODE=1 to let test-electron download and use desktop VS Code instead.
import { runTests } from '@vscode/test-electron';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import * as os from 'node:os';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const work = path.join(os.tmpdir(), `citescribe-it-${process.pid}`);
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
// The workspace is a throwaway copy: tests edit and index it.
const workspace = path.join(work, 'workspace');
cpSync(path.join(root, 'test', 'fixtures', 'workspace'), workspace, { recursive: true });
// …plus a PDF of one fixture paper, generated (our own text) so the index links a real PDF to its entry.
const pdf = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'test', 'integration', 'make-workspace-pdf.ts'), workspace], { cwd: root, encoding: 'utf8' });
if (pdf.status !== 0) throw new Error(`could not write the workspace PDF: ${pdf.stderr}`);

// A quiet workbench for screenshots: no chat side bar, no welcome page, no AI features.
const userSettings = path.join(work, 'user-data', 'User');
mkdirSync(userSettings, { recursive: true });
writeFileSync(path.join(userSettings, 'settings.json'), JSON.stringify({
  'workbench.startupEditor': 'none',
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.disableAIFeatures': true,
  'workbench.tips.enabled': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'telemetry.telemetryLevel': 'off',
  'security.workspace.trust.enabled': false,
}, null, 2));

const screenshots = process.env.CITESCRIBE_SCREENSHOT_DIR ?? path.join(root, 'test-output', 'screenshots');
mkdirSync(screenshots, { recursive: true });

// Tiny random-weight ONNX models (the neural suite runs them in the host); skipped with a message if Python lacks onnx.
const tinyModels = path.join(work, 'tiny-models');
const made = spawnSync(process.execPath, [path.join(root, 'scripts', 'make-tiny-models.mjs'), tinyModels], { encoding: 'utf8' });
if (made.status !== 0) console.log(`[integration] no tiny models (${made.stderr.trim().split('\n').pop()}): the neural suite will skip`);

const launcher = path.join(root, 'test', 'integration', 'launcher', 'code-server-launcher.mjs');
const suites = (process.env.CITESCRIBE_IT_SUITES ?? 'extension,vsix').split(',');
let failed = false;
for (const suite of suites) {
  console.log(`\n[integration] suite '${suite}' in the VS Code extension host`);
  const extensionsDir = path.join(work, `extensions-${suite}`);
  let extensionDevelopmentPath = root;
  try {
    if (suite === 'vsix') {
      // Package, install the .vsix into a fresh extensions folder, and test it from there: the development
      // extension is an empty host that only carries the test runner.
      const vsix = packageVsix();
      installVsix(vsix, extensionsDir);
      extensionDevelopmentPath = path.join(root, 'test', 'integration', 'vsix-host');
    }
    await runTests({
      vscodeExecutablePath: process.env.CITESCRIBE_DESKTOP_VSCODE ? undefined : launcher,
      extensionDevelopmentPath,
      extensionTestsPath: path.join(root, 'out', 'integration', `${suite}.js`),
      launchArgs: [workspace, `--user-data-dir=${path.join(work, 'user-data')}`, `--extensions-dir=${extensionsDir}`],
      extensionTestsEnv: { CITESCRIBE_TINY_MODELS: made.status === 0 ? tinyModels : '', CITESCRIBE_SCREENSHOT_DIR: screenshots, CITESCRIBE_TEST_WORKSPACE: workspace, CITESCRIBE_EXTENSIONS_DIR: extensionsDir, CITESCRIBE_REPO_ROOT: root, CITESCRIBE_IT_GREP: process.env.CITESCRIBE_IT_GREP ?? '', CITESCRIBE_SHARED_DATA: process.env.CITESCRIBE_SHARED ?? path.resolve(root, '..', 'shared', 'data') },
    });
  } catch (err) {
    console.error(`[integration] suite '${suite}' failed: ${err.message}`);
    failed = true;
  }
}

function packageVsix() {
  const r = spawnSync(process.execPath, [path.join(root, 'scripts', 'package.mjs')], { cwd: root, encoding: 'utf8', env: { ...process.env, CITESCRIBE_VSIX_TARGET: 'linux-x64' } });
  process.stdout.write(r.stdout.split('\n').filter((l) => l.startsWith('[package]') || /error/i.test(l)).join('\n') + '\n');
  if (r.status !== 0) throw new Error(`packaging failed: ${r.stderr.slice(-2000)}`);
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return path.join(root, `${pkg.name}-linux-x64-${pkg.version}.vsix`);
}

function installVsix(vsix, extensionsDir) {
  const codeServer = process.env.CITESCRIBE_CODE_SERVER ?? path.join(root, '.tools', 'code-server', 'node_modules', '.bin', 'code-server');
  const r = spawnSync(codeServer, ['--extensions-dir', extensionsDir, '--user-data-dir', path.join(work, 'user-data'), '--install-extension', vsix], { encoding: 'utf8' });
  console.log(`[integration] ${r.stdout.trim().split('\n').pop()}`);
  if (r.status !== 0) throw new Error(`code-server --install-extension failed: ${r.stderr}`);
}
console.log(`[integration] screenshots in ${screenshots}`);
// The throwaway workspace, profile and extensions go too, unless kept for a post-mortem (logs are under user-data/logs).
if (!process.env.CITESCRIBE_KEEP_IT) rmSync(work, { recursive: true, force: true });
else console.log(`[integration] kept ${work}`);
process.exit(failed ? 1 : 0);
