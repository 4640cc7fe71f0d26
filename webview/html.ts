// The HTML shell of every CiteScribe webview. A pure function so the extension and the browser tests build the very
// same page: strict CSP with a nonce, no remote content, one script and one stylesheet from the extension.
import { randomBytes } from 'node:crypto';

export type WebviewKind = 'draft' | 'score' | 'check' | 'verify';

interface WebviewHtmlOptions {
  kind: WebviewKind;
  /** webview.cspSource in VS Code; the test page's origin in the browser tests. */
  cspSource: string;
  nonce: string;
  scriptUri: string;
  styleUri: string;
  title: string;
}

export function renderWebviewHtml(o: WebviewHtmlOptions): string {
  const csp = [
    "default-src 'none'",
    `img-src ${o.cspSource} data:`,
    `font-src ${o.cspSource}`,
    // vscode-elements uses constructable stylesheets (adoptedStyleSheets), which style-src does not govern;
    // the inline style attributes it sets need 'unsafe-inline' for style only, never for script.
    `style-src ${o.cspSource} 'unsafe-inline'`,
    `script-src 'nonce-${o.nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${o.styleUri}">
<title>${escapeHtml(o.title)}</title>
</head>
<body data-view="${o.kind}">
<main id="app" aria-live="polite"></main>
<script nonce="${o.nonce}" src="${o.scriptUri}"></script>
</body>
</html>`;
}

/** A CSP nonce from the OS's cryptographic random source (128 bits, base64url); Math.random is predictable. */
export function makeNonce(): string {
  return randomBytes(16).toString('base64url');
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}
