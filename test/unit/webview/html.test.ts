import { strict as assert } from 'assert';
import { makeNonce, renderWebviewHtml } from '../../../webview/html';

describe('webview HTML shell', () => {
  it('draws nonces from a cryptographic source, not Math.random', () => {
    // With Math.random pinned, a Math.random nonce repeats; a crypto nonce does not.
    const original = Math.random;
    Math.random = () => 0.5;
    try {
      const nonces = new Set(Array.from({ length: 200 }, () => makeNonce()));
      assert.equal(nonces.size, 200);
      for (const n of nonces) assert.match(n, /^[A-Za-z0-9_-]{22}$/);
    } finally {
      Math.random = original;
    }
  });

  it('allows only the script that carries the nonce', () => {
    const nonce = makeNonce();
    const html = renderWebviewHtml({ kind: 'draft', nonce, cspSource: 'vscode-resource:', scriptUri: 'x.js', styleUri: 'x.css', title: 'Draft' });
    assert.ok(html.includes(`script-src 'nonce-${nonce}'`));
    assert.ok(html.includes(`<script nonce="${nonce}"`));
    assert.ok(!/unsafe-inline'[^;]*script|script-src[^;]*unsafe/.test(html));
  });
});
