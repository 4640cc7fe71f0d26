#!/usr/bin/env node
// Stands in for the VS Code executable that @vscode/test-electron would download (our machines cannot reach the
// download server). It accepts VS Code's command-line flags, starts code-server (VS Code's own server build, from npm)
// on 127.0.0.1, opens the workbench in Debian's Chromium through playwright-core with the extension-test payload, and
// relays the extension host's test output (codeAutomationLog) and exit code (codeAutomationExit).
//
// Tests inside the extension host ask this launcher for browser-side work by logging one JSON line prefixed with
// BRIDGE_PREFIX (screenshots, webview inspection); the answer is written as a file the test waits for.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync, existsSync, renameSync } from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { format } from 'node:util';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', '..');
const BRIDGE_PREFIX = '[citescribe-bridge]';
// Workbench chatter that has nothing to do with our tests (offline marketplace, built-in chat, GitHub auth).
const NOISE = [/^\[AgentHost\]/, /^\[ChatModelSelection\]/, /^\[AccountPolicyGate\]/, /open-vsx\.org/, /authentication provider 'github'/, /^\s+at (async )?\S+ \(http:\/\/127\.0\.0\.1/];
const TIMEOUT_MS = Number(process.env.CITESCRIBE_TEST_TIMEOUT_MS ?? 8 * 60_000);

function parseVsCodeArgs(argv) {
  const opts = { folder: undefined, devPaths: [], testsPath: undefined, userDataDir: undefined, extensionsDir: undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.startsWith('--') ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const value = () => (inline !== undefined ? inline : argv[++i]);
    switch (flag) {
      case '--extensionDevelopmentPath': opts.devPaths.push(path.resolve(value())); break;
      case '--extensionTestsPath': opts.testsPath = path.resolve(value()); break;
      case '--user-data-dir': opts.userDataDir = path.resolve(value()); break;
      case '--extensions-dir': opts.extensionsDir = path.resolve(value()); break;
      default:
        if (!arg.startsWith('-') && opts.folder === undefined) opts.folder = path.resolve(arg);
        // Other VS Code flags (--no-sandbox, --disable-updates, …) mean nothing to code-server.
    }
  }
  return opts;
}

// The test inside the extension host polls for these answer files: a plain writeFileSync lets it read a half-written
// file on a busy machine ("Unexpected end of JSON input"). Written under a temporary name in the same folder, then
// renamed, a file is either absent or whole.
let atomicCounter = 0;
function writeJsonAtomic(file, value) {
  const temp = `${file}.${process.pid}.${++atomicCounter}.tmp`;
  writeFileSync(temp, JSON.stringify(value, null, 1));
  renameSync(temp, file);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForHttp(url, deadline) {
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { redirect: 'manual' });
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`code-server did not answer at ${url}`);
}

function codeServerBin() {
  const candidates = [
    process.env.CITESCRIBE_CODE_SERVER,
    path.join(root, '.tools', 'code-server', 'node_modules', '.bin', 'code-server'),
  ].filter(Boolean);
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error(`code-server not found (looked in ${candidates.join(', ')}); run .ci/run or scripts/install-code-server.sh`);
  return found;
}

async function main() {
  const opts = parseVsCodeArgs(process.argv.slice(2));
  if (!opts.testsPath) throw new Error('launcher: --extensionTestsPath is required');
  const work = opts.userDataDir ? path.dirname(opts.userDataDir) : path.join(root, '.vscode-test');
  const userDataDir = opts.userDataDir ?? path.join(work, 'user-data');
  const extensionsDir = opts.extensionsDir ?? path.join(work, 'extensions');
  const screenshotDir = process.env.CITESCRIBE_SCREENSHOT_DIR ?? path.join(root, 'test-output', 'screenshots');
  mkdirSync(screenshotDir, { recursive: true });
  mkdirSync(userDataDir, { recursive: true });
  mkdirSync(extensionsDir, { recursive: true });

  const port = await freePort();
  const host = `127.0.0.1:${port}`;
  const server = spawn(
    codeServerBin(),
    [
      '--bind-addr', host,
      '--auth', 'none',
      '--user-data-dir', userDataDir,
      '--extensions-dir', extensionsDir,
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      '--ignore-last-opened',
      '--vscode-option', 'enable-smoke-test-driver',
      ...(process.env.CITESCRIBE_INSTALL_VSIX ? ['--install-extension', process.env.CITESCRIBE_INSTALL_VSIX] : []),
    ],
    { env: { ...process.env, CITESCRIBE_SCREENSHOT_DIR: screenshotDir }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const serverLog = [];
  server.stdout.on('data', (d) => serverLog.push(String(d)));
  server.stderr.on('data', (d) => serverLog.push(String(d)));

  let browser;
  const shutdown = async (code) => {
    try { await browser?.close(); } catch { /* already gone */ }
    server.kill('SIGTERM');
    process.exit(code);
  };
  const guard = setTimeout(() => {
    console.error(`launcher: no result after ${TIMEOUT_MS / 1000}s — giving up`);
    console.error(serverLog.join('').slice(-4000));
    shutdown(124);
  }, TIMEOUT_MS);

  await waitForHttp(`http://${host}/healthz`, Date.now() + 60_000);

  const { chromium } = require('playwright-core');
  browser = await chromium.launch({
    executablePath: process.env.CITESCRIBE_CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run',
    ],
  });
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const consoleErrors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push({ text: msg.text(), url: msg.location()?.url ?? '' });
  });
  page.on('pageerror', (err) => consoleErrors.push({ text: String(err), url: 'pageerror' }));

  const handleBridge = async (request) => {
    const outFile = path.join(screenshotDir, request.name);
    try {
      if (request.op === 'screenshot') {
        await page.waitForTimeout(request.settleMs ?? 600);
        await page.screenshot({ path: outFile + '.png' });
        writeJsonAtomic(outFile + '.png.json', { ok: true, path: outFile + '.png' });
      } else if (request.op === 'webview') {
        // Every webview lives in an iframe inside an iframe; collect the inner documents' text and the errors seen.
        await page.waitForTimeout(request.settleMs ?? 400);
        const frames = [];
        for (const frame of page.frames()) {
          if (frame === page.mainFrame()) continue;
          try {
            const info = await frame.evaluate(() => ({
              title: document.title,
              text: document.body ? document.body.innerText : '',
              html: document.body ? document.body.innerHTML.length : 0,
              customElements: Array.from(document.querySelectorAll('*')).filter((e) => e.tagName.includes('-')).map((e) => e.tagName.toLowerCase()).slice(0, 200),
            }));
            frames.push({ url: frame.url(), ...info });
          } catch (err) {
            frames.push({ url: frame.url(), error: String(err) });
          }
        }
        writeJsonAtomic(outFile + '.webview.json', { frames, consoleErrors });
      } else if (request.op === 'webviewAction') {
        // Acts inside whichever webview frame holds the selector, as a user would (click, type, read).
        const deadline = Date.now() + (request.timeoutMs ?? 15_000);
        let done = false;
        let result;
        while (!done && Date.now() < deadline) {
          for (const frame of page.frames()) {
            if (frame === page.mainFrame()) continue;
            let handle = null;
            try { handle = await frame.$(request.selector); } catch { /* frame navigating */ }
            if (!handle) continue;
            const locator = frame.locator(request.selector).first();
            if (request.action === 'click') await locator.click();
            else if (request.action === 'fill') await locator.fill(request.text);
            else if (request.action === 'press') await locator.press(request.key);
            else if (request.action === 'text') result = await locator.innerText();
            else if (request.action === 'count') result = await frame.locator(request.selector).count();
            done = true;
            break;
          }
          if (!done) await page.waitForTimeout(200);
        }
        if (!done) throw new Error(`no webview element matches ${request.selector}`);
        writeJsonAtomic(outFile + '.action.json', { ok: true, result });
      } else if (request.op === 'clickNotificationButton') {
        // A user answering a notification: the button with this label in the newest matching notification, in a
        // toast or in the notification centre (test runs of the workbench may keep toasts quiet).
        const item = page.locator('.notification-list-item').filter({ hasText: request.containing ?? '' }).last();
        await item.hover({ timeout: request.timeoutMs ?? 15_000 });
        await item.getByRole('button', { name: request.label, exact: true }).click({ timeout: request.timeoutMs ?? 15_000 });
        writeJsonAtomic(outFile + '.click.json', { ok: true });
      } else if (request.op === 'notifications') {
        // What the notifications say, newest last, as the user reads them (toasts and the notification centre).
        const texts = await page.locator('.notification-list-item').allInnerTexts();
        writeJsonAtomic(outFile + '.notifications.json', { texts });
      } else if (request.op === 'keyboard') {
        // Types into whatever has focus in the workbench (a quick pick, an input box), then presses a key. With
        // `untilRow`, first waits until a row of the open quick pick shows that text: items a command adds as servers
        // answer can come seconds after the pick opens on a loaded machine.
        if (request.untilRow) {
          await page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: request.untilRow }).first()
            .waitFor({ state: 'visible', timeout: request.timeoutMs ?? 15_000 });
        }
        if (request.text) await page.keyboard.type(request.text, { delay: 20 });
        await page.waitForTimeout(request.settleMs ?? 300);
        if (request.key) await page.keyboard.press(request.key);
        writeJsonAtomic(outFile + '.keyboard.json', { ok: true });
      }
    } catch (err) {
      writeJsonAtomic(outFile + '.error.json', { error: String(err) });
    }
  };

  await page.exposeFunction('codeAutomationLog', (type, args) => {
    const parts = Array.isArray(args) ? args : [args];
    // Mocha's reporters print with printf-style placeholders: apply them as Node's console would.
    const line = format(...parts);
    if (NOISE.some((re) => re.test(line))) return;
    const at = line.indexOf(BRIDGE_PREFIX);
    if (at >= 0) {
      try {
        handleBridge(JSON.parse(line.slice(at + BRIDGE_PREFIX.length)));
      } catch (err) {
        console.error(`launcher: bad bridge request: ${line} (${err})`);
      }
      return;
    }
    (type === 'error' ? console.error : console.log)(line);
  });
  await page.exposeFunction('codeAutomationExit', async (code) => {
    clearTimeout(guard);
    writeJsonAtomic(path.join(screenshotDir, 'console-errors.json'), consoleErrors);
    await shutdown(code);
  });

  const remote = (p) => `vscode-remote://${host}${p}`;
  const payload = [
    ...opts.devPaths.map((p) => ['extensionDevelopmentPath', remote(p)]),
    ['extensionTestsPath', remote(opts.testsPath)],
  ];
  const folder = opts.folder ? `folder=${encodeURIComponent(opts.folder)}&` : 'ew=true&';
  const url = `http://${host}/?${folder}payload=${encodeURIComponent(JSON.stringify(payload))}`;
  await page.goto(url);
}

main().catch((err) => {
  console.error(`launcher: ${err?.stack ?? err}`);
  process.exit(1);
});
