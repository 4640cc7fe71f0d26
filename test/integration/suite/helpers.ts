// Helpers for tests that run inside the extension host.
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';

const BRIDGE_PREFIX = '[citescribe-bridge]';

export function workspaceFile(...parts: string[]): string {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? process.env.CITESCRIBE_TEST_WORKSPACE;
  if (!folder) throw new Error('no workspace folder open');
  return path.join(folder, ...parts);
}

function screenshotDir(): string {
  return process.env.CITESCRIBE_SCREENSHOT_DIR ?? path.join(__dirname, '..', '..', 'test-output', 'screenshots');
}

async function askBrowser(request: Record<string, unknown>, answerFile: string, timeoutMs = 20_000): Promise<string> {
  const errorFile = path.join(screenshotDir(), `${request.name}.error.json`);
  fs.rmSync(answerFile, { force: true });
  fs.rmSync(errorFile, { force: true });
  console.log(BRIDGE_PREFIX + JSON.stringify(request));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (fs.existsSync(answerFile)) return fs.readFileSync(answerFile, 'utf8');
    if (fs.existsSync(errorFile)) throw new Error(fs.readFileSync(errorFile, 'utf8'));
    await sleep(100);
  }
  throw new Error(`browser did not answer ${JSON.stringify(request)} within ${timeoutMs} ms`);
}

/** Writes a PNG of the whole workbench as the user sees it now. */
export async function screenshot(name: string): Promise<string> {
  const file = path.join(screenshotDir(), `${name}.png`);
  await askBrowser({ op: 'screenshot', name }, file + '.json');
  return file;
}

export interface WebviewFrameInfo {
  url: string;
  title?: string;
  text?: string;
  customElements?: string[];
  error?: string;
}

/** Text of every webview frame in the page, and the console errors (CSP violations included) seen so far. */
export async function inspectWebviews(name: string): Promise<{ frames: WebviewFrameInfo[]; consoleErrors: { text: string; url: string }[] }> {
  const file = path.join(screenshotDir(), `${name}.webview.json`);
  return JSON.parse(await askBrowser({ op: 'webview', name }, file));
}

/** Acts in a webview like a user would (Playwright in the launcher does it): click, fill, press, or read text. */
export async function webviewAction(
  name: string,
  action: { action: 'click' | 'fill' | 'press' | 'text' | 'count'; selector: string; text?: string; key?: string; timeoutMs?: number },
): Promise<unknown> {
  const file = path.join(screenshotDir(), `${name}.action.json`);
  const answer = JSON.parse(await askBrowser({ op: 'webviewAction', name, ...action }, file, (action.timeoutMs ?? 15_000) + 5_000));
  return answer.result;
}

/**
 * Types into the focused workbench widget (a quick pick…) and presses a key, through the real browser. `untilRow`:
 * wait for a quick-pick row showing that text before typing — a list filled as servers answer can take seconds on a
 * loaded machine, and typing into the list before then filters the items that are there (Enter picks the wrong one).
 */
export async function typeInWorkbench(name: string, text: string, key?: string, untilRow?: string): Promise<void> {
  const file = path.join(screenshotDir(), `${name}.keyboard.json`);
  await askBrowser({ op: 'keyboard', name, text, key, untilRow, timeoutMs: 20_000 }, file, 30_000);
}

/** Clicks a button of a notification toast (e.g. "Insert"), as the user would. */
export async function clickNotificationButton(name: string, label: string, containing?: string): Promise<void> {
  const file = path.join(screenshotDir(), `${name}.click.json`);
  await askBrowser({ op: 'clickNotificationButton', name, label, containing }, file);
}

/** The text of each notification shown now (toasts and the notification centre), through the real browser. */
export async function notificationTexts(name: string): Promise<string[]> {
  const file = path.join(screenshotDir(), `${name}.notifications.json`);
  return JSON.parse(await askBrowser({ op: 'notifications', name }, file)).texts;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

export async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value) return value;
    await sleep(150);
  }
  throw new Error(`timed out waiting for ${what}`);
}

let scratchCounter = 0;

/**
 * An unsaved document of its own (`untitled:` with a unique path), shown in the editor. Plain untitled documents reuse
 * "Untitled-1" once closed, and under load the extension host can still hold the closed one under that name when the
 * next test asks a provider about it.
 */
export async function scratchDocument(language: string, content: string): Promise<vscode.TextDocument> {
  const extension = language === 'markdown' ? 'md' : 'tex';
  const uri = vscode.Uri.parse(`untitled:${path.join(workspaceFile(''), `scratch-${process.pid}-${++scratchCounter}.${extension}`)}`);
  const doc = await vscode.workspace.openTextDocument(uri);
  const editor = await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
  await editor.edit((b) => b.insert(new vscode.Position(0, 0), content));
  return vscode.languages.setTextDocumentLanguage(doc, language);
}

