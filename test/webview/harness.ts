// Test page for the webviews in a real browser: the very HTML the extension serves (renderWebviewHtml, same CSP),
// the built bundle and stylesheet, VS Code Dark Modern's theme variables, and a fake acquireVsCodeApi that records
// what the webview posts and saves.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { makeNonce, renderWebviewHtml, type WebviewKind } from '../../webview/html';

export const ROOT = resolve(__dirname, '../..');
export const SCREENSHOT_DIR = join(ROOT, 'test-output', 'screenshots');
const BUNDLE = join(ROOT, 'dist', 'webview.js');
const STYLESHEET = join(ROOT, 'media', 'webview.css');

/** VS Code's "Dark Modern" colours for the variables the webviews and the components read. */
const DARK_MODERN: Record<string, string> = {
  'font-family': "-apple-system, BlinkMacSystemFont, 'Segoe WPC', 'Segoe UI', 'Ubuntu', 'Droid Sans', sans-serif",
  'font-size': '13px',
  'font-weight': 'normal',
  'editor-font-family': "'Droid Sans Mono', 'monospace', monospace",
  foreground: '#cccccc',
  descriptionForeground: '#9d9d9d',
  errorForeground: '#f85149',
  focusBorder: '#0078d4',
  'editor-background': '#1f1f1f',
  'editor-foreground': '#cccccc',
  'sideBar-background': '#181818',
  'sideBar-foreground': '#cccccc',
  'sideBarSectionHeader-foreground': '#cccccc',
  'panel-border': '#2b2b2b',
  'widget-border': '#313131',
  'editorWidget-background': '#202020',
  'editorWidget-border': '#454545',
  'icon-foreground': '#cccccc',
  'toolbar-hoverBackground': 'rgba(90, 93, 94, 0.31)',
  'button-background': '#0078d4',
  'button-foreground': '#ffffff',
  'button-border': 'rgba(255, 255, 255, 0.07)',
  'button-hoverBackground': '#026ec1',
  'button-secondaryBackground': '#313131',
  'button-secondaryForeground': '#cccccc',
  'button-secondaryHoverBackground': '#3c3c3c',
  'input-background': '#313131',
  'input-border': '#3c3c3c',
  'input-foreground': '#cccccc',
  'input-placeholderForeground': '#989898',
  'settings-textInputBackground': '#313131',
  'settings-textInputBorder': '#3c3c3c',
  'settings-textInputForeground': '#cccccc',
  'settings-dropdownBackground': '#313131',
  'settings-dropdownBorder': '#3c3c3c',
  'settings-dropdownForeground': '#cccccc',
  'settings-dropdownListBorder': '#454545',
  'settings-checkboxBackground': '#313131',
  'settings-checkboxBorder': '#3c3c3c',
  'settings-checkboxForeground': '#cccccc',
  'checkbox-background': '#313131',
  'checkbox-border': '#3c3c3c',
  'dropdown-background': '#313131',
  'dropdown-border': '#3c3c3c',
  'dropdown-foreground': '#cccccc',
  'dropdown-listBackground': '#1f1f1f',
  'list-hoverBackground': '#2a2d2e',
  'list-activeSelectionBackground': '#04395e',
  'list-activeSelectionForeground': '#ffffff',
  'progressBar-background': '#0078d4',
  'badge-background': '#616161',
  'badge-foreground': '#f8f8f8',
  'textLink-foreground': '#4daafc',
  'textLink-activeForeground': '#4daafc',
  'textBlockQuote-background': '#2b2b2b',
  'textBlockQuote-border': '#616161',
  'textCodeBlock-background': '#2b2b2b',
  'editorWarning-foreground': '#cca700',
  'inputValidation-errorBackground': '#5a1d1d',
  'inputValidation-errorBorder': '#be1100',
  'inputValidation-warningBackground': '#352a05',
  'inputValidation-warningBorder': '#b89500',
  'inputValidation-infoBackground': '#063b49',
  'inputValidation-infoBorder': '#007acc',
  'charts-foreground': '#cccccc',
  'charts-lines': 'rgba(204, 204, 204, 0.5)',
  'charts-red': '#f14c4c',
  'charts-blue': '#3794ff',
  'charts-yellow': '#cca700',
  'charts-orange': '#d18616',
  'charts-green': '#89d185',
  'charts-purple': '#b180d7',
};

const THEME_CSS = `html {\n${Object.entries(DARK_MODERN)
  .map(([name, value]) => `  --vscode-${name}: ${value};`)
  .join('\n')}\n}\n`;

/** Rebuilds dist/webview.js when it is missing or older than any webview source. */
export function ensureBundle(): void {
  const newestSource = Math.max(...listFiles(join(ROOT, 'webview')).map((f) => statSync(f).mtimeMs));
  if (existsSync(BUNDLE) && statSync(BUNDLE).mtimeMs >= newestSource) return;
  try {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'pipe' });
  } catch (err) {
    // build.mjs builds every bundle; a broken extension bundle must not hide a good webview build.
    if (!existsSync(BUNDLE) || statSync(BUNDLE).mtimeMs < newestSource) {
      throw new Error(`webview build failed:\n${(err as { stderr?: Buffer }).stderr?.toString() ?? String(err)}`);
    }
  }
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)]));
}

export interface PageConfig {
  view: WebviewKind;
  /** What the fake getState() returns: the webview state VS Code kept. */
  initialState?: unknown;
}

export interface TestServer {
  origin: string;
  /** Registers a page and returns its URL. */
  pageUrl(config: PageConfig): string;
  close(): Promise<void>;
}

export async function startServer(): Promise<TestServer> {
  const pages = new Map<string, PageConfig>();
  let origin = '';
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const send = (type: string, body: string | Buffer) => {
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    if (path.startsWith('/page/') && pages.has(path.slice(6))) return send('text/html; charset=utf-8', pageHtml(origin, pages.get(path.slice(6))!));
    if (path === '/dist/webview.js') return send('text/javascript; charset=utf-8', readFileSync(BUNDLE));
    if (path === '/media/webview.css') return send('text/css; charset=utf-8', readFileSync(STYLESHEET));
    if (path === '/theme.css') return send('text/css; charset=utf-8', THEME_CSS);
    // The browser asks for a favicon on its own; a webview has none, so answer "nothing" rather than a 404 error.
    if (path === '/favicon.ico') return void res.writeHead(204).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    pageUrl(config) {
      const id = String(pages.size + 1);
      pages.set(id, config);
      return `${origin}/page/${id}`;
    },
    close: () => new Promise((ok) => server.close(() => ok())),
  };
}

function pageHtml(origin: string, config: PageConfig): string {
  const nonce = makeNonce();
  const html = renderWebviewHtml({
    kind: config.view,
    cspSource: origin,
    nonce,
    scriptUri: `${origin}/dist/webview.js`,
    styleUri: `${origin}/media/webview.css`,
    title: `CiteScribe ${config.view}`,
  });
  // JSON inside <script>: "<" escaped so a string in the state can never close the tag.
  const state = JSON.stringify(config.initialState ?? null).replace(/</g, '\\u003c');
  const fakeApi = `<script nonce="${nonce}">
(() => {
  let state = ${state};
  let acquired = false;
  const record = { posted: [], states: [], csp: [] };
  window.__test = record;
  document.addEventListener('securitypolicyviolation', (e) => record.csp.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample }));
  window.acquireVsCodeApi = () => {
    if (acquired) throw new Error('acquireVsCodeApi may only be called once');
    acquired = true;
    const copy = (v) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));
    return {
      postMessage: (m) => record.posted.push(copy(m)),
      getState: () => copy(state),
      setState: (s) => { state = copy(s); record.states.push(copy(s)); },
    };
  };
})();
</script>
`;
  const out = html
    .replace('<link rel="stylesheet"', `<link rel="stylesheet" href="${origin}/theme.css">\n<link rel="stylesheet"`)
    .replace('<body data-view=', '<body class="vscode-dark" data-view=')
    .replace(`<script nonce="${nonce}" src=`, `${fakeApi}<script nonce="${nonce}" src=`);
  if (!out.includes('window.acquireVsCodeApi')) throw new Error('could not inject the fake VS Code API into the page');
  return out;
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A webview page under test, with everything it posted, saved and complained about. */
export interface WebviewPage {
  page: Page;
  /** console errors, page errors and CSP violations, as text. */
  problems: string[];
  posted(): Promise<Array<{ type: string; [k: string]: unknown }>>;
  postedOfType<T = Record<string, unknown>>(type: string): Promise<T[]>;
  /** Waits until the webview has posted a message of this type (n of them) and returns the last. */
  waitForPosted<T = Record<string, unknown>>(type: string, count?: number): Promise<T>;
  savedStates<T = unknown>(): Promise<T[]>;
  /** Delivers a message as the extension would. */
  send(message: unknown): Promise<void>;
  close(): Promise<void>;
}

export async function openWebview(browser: Browser, server: TestServer, config: PageConfig, viewport = { width: 380, height: 900 }): Promise<WebviewPage> {
  const page = await browser.newPage({ viewport, deviceScaleFactor: 1, colorScheme: 'dark' });
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console.${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  await page.goto(server.pageUrl(config));
  const posted = () => page.evaluate(() => (window as unknown as { __test: { posted: [] } }).__test.posted) as Promise<Array<{ type: string }>>;
  const wp: WebviewPage = {
    page,
    problems,
    posted,
    postedOfType: async <T>(type: string) => (await posted()).filter((m) => m.type === type) as T[],
    async waitForPosted<T>(type: string, count = 1) {
      await page.waitForFunction(
        ([t, n]) => (window as unknown as { __test: { posted: { type: string }[] } }).__test.posted.filter((m) => m.type === t).length >= n,
        [type, count] as const,
        { timeout: 5000 },
      );
      const all = (await posted()).filter((m) => m.type === type);
      return all[all.length - 1] as T;
    },
    savedStates: <T>() => page.evaluate(() => (window as unknown as { __test: { states: [] } }).__test.states) as Promise<T[]>,
    // postMessage delivers later, as a task: resolve only once the view's own listener (registered first) has run.
    // (A string, not a function: the test transpiler would wrap named inner functions in a helper the page lacks.)
    send: (message) =>
      page.evaluate(`new Promise((resolve) => {
        window.addEventListener('message', () => setTimeout(resolve, 0), { once: true });
        window.postMessage(${JSON.stringify(message)}, '*');
      })`),
    async close() {
      const csp = await page.evaluate(() => (window as unknown as { __test: { csp: unknown[] } }).__test.csp).catch(() => []);
      for (const v of csp) problems.push(`CSP violation: ${JSON.stringify(v)}`);
      await page.close();
    },
  };
  await wp.waitForPosted('ready');
  return wp;
}

export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return join(SCREENSHOT_DIR, name);
}

/**
 * The mocha hooks every browser suite shares: one server and one browser per suite, and after each test the page is
 * closed and must have run cleanly (no console errors, page errors or CSP violations).
 */
export function browserSuite() {
  let browser: Browser | undefined;
  let server: TestServer | undefined;
  let view: WebviewPage | undefined;
  before(async function () {
    ensureBundle();
    server = await startServer();
    browser = await launchBrowser();
  });
  after(async function () {
    await browser?.close();
    await server?.close();
  });
  afterEach(async function () {
    if (!view) return;
    const current = view;
    view = undefined;
    await current.close();
    // Every test doubles as a check that the page runs cleanly under the webview's CSP.
    assert.deepEqual(current.problems, [], 'console errors, page errors or CSP violations');
  });
  return {
    async open(config: PageConfig, viewport?: { width: number; height: number }): Promise<WebviewPage> {
      view = await openWebview(browser!, server!, config, viewport);
      return view;
    },
    /** For a test that closes its page itself and judges its problems on its own. */
    release(): void {
      view = undefined;
    },
  };
}
