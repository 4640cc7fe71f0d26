// Runs the integration suites inside a real VS Code extension host.
// @vscode/test-electron's runTests stays the entry point; vscodeExecutablePath points at our launcher, which drives
// code-server + Chromium because no desktop VS Code can be downloaded here. On a machine with internet, set
// CITESCRIBE_DESKTOP_VSCODE=1 to let test-electron download and use desktop VS Code instead.
import { runTests } from '@vscode/test-electron';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as os from 'node:os';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const work = path.join(os.tmpdir(), `citescribe-it-${process.pid}`);
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
// The workspace is a throwaway copy: tests edit and index it.
const workspace = path.join(work, 'workspace');
cpSync(path.join(root, 'test', 'fixtures', 'workspace'), workspace, { recursive: true });

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

const suites = (process.env.CITESCRIBE_IT_SUITES ?? 'extension').split(',');
let failed = false;
for (const suite of suites) {
  console.log(`\n[integration] suite '${suite}' in the VS Code extension host`);
  try {
    await runTests({
      vscodeExecutablePath: process.env.CITESCRIBE_DESKTOP_VSCODE ? undefined : path.join(root, 'test', 'integration', 'launcher', 'code-server-launcher.mjs'),
      extensionDevelopmentPath: root,
      extensionTestsPath: path.join(root, 'out', 'integration', `${suite}.js`),
      launchArgs: [workspace, `--user-data-dir=${path.join(work, 'user-data')}`, `--extensions-dir=${path.join(work, 'extensions')}`],
      extensionTestsEnv: { CITESCRIBE_SCREENSHOT_DIR: screenshots, CITESCRIBE_TEST_WORKSPACE: workspace },
    });
  } catch (err) {
    console.error(`[integration] suite '${suite}' failed: ${err.message}`);
    failed = true;
  }
}
console.log(`[integration] screenshots in ${screenshots}`);
process.exit(failed ? 1 : 0);
