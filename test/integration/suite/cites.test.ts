import { strict as assert } from 'assert';
import * as vscode from 'vscode';
import { readyLibrary, openInEditor } from './api';
import { scratchDocument, screenshot, waitFor } from './helpers';

function hoverText(hovers: vscode.Hover[]): string {
  return hovers
    .flatMap((h) => h.contents)
    .map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))
    .join('\n');
}

describe('CodeLens and hover on every citation command', () => {
  it('puts lenses on each cite variant and flags the unknown key', async () => {
    await readyLibrary();
    const editor = await openInEditor('paper.tex');
    const doc = editor.document;
    const lenses = await waitFor('code lenses', async () => {
      const l = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri);
      return l && l.length > 0 ? l : undefined;
    });
    const text = doc.getText();
    // Every cite command of the fixture gets at least one lens on its line.
    const commandLines = new Set<number>();
    for (const m of text.matchAll(/\\(cite|citep|citet\*|autocite|parencite|textcite|citeauthor|cites|nocite)\b/g)) {
      commandLines.add(doc.positionAt(m.index!).line);
    }
    const lensLines = new Set(lenses.map((l) => l.range.start.line));
    for (const line of commandLines) assert.ok(lensLines.has(line), `a lens on line ${line + 1}: ${doc.lineAt(line).text}`);
    const titles = lenses.map((l) => l.command?.title ?? '');
    assert.ok(titles.includes('⚠ unknown key: missing2021'), 'unknown key lens');
    assert.ok(titles.filter((t) => t === 'Draft paragraph').length >= 2, 'multi-key cites offer a paragraph draft');
    assert.ok(titles.filter((t) => t === '✎ Describe').length >= 8);
    await screenshot('03-codelens');
  });

  it('hovers show the entry under the cursor, for each key of a multi-key cite', async () => {
    const editor = await openInEditor('paper.tex');
    const doc = editor.document;
    const expectations: [string, RegExp][] = [
      ['zhu2017unpaired', /Unpaired Image-to-Image Translation/],
      ['isola2017image', /Conditional Adversarial Networks/],
      ['taigman2017unsupervised', /Unsupervised Cross-Domain Image Generation/],
      ['liu2017unit', /Unsupervised Image-to-Image Translation Networks/],
      ['huang2018munit', /Multimodal Unsupervised/],
      ['goodfellow2014generative', /Generative Adversarial Nets/],
    ];
    const text = doc.getText();
    for (const [key, title] of expectations) {
      // Every occurrence of the key, in every cite variant, hovers to its own entry.
      for (const m of text.matchAll(new RegExp(key, 'g'))) {
        const pos = doc.positionAt(m.index! + 2);
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, pos);
        const shown = hoverText(hovers);
        assert.match(shown, title, `hover at ${key} (line ${pos.line + 1})`);
        assert.match(shown, /TLDR \(generated\)/);
      }
    }
    const linked = hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, doc.positionAt(text.indexOf('taigman2017unsupervised') + 2)));
    assert.match(linked, /Open PDF/, 'the hover offers the linked PDF');
    assert.match(linked, /Open \.bib entry/);
    const missingAt = doc.positionAt(text.indexOf('missing2021') + 1);
    const missingHover = hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, missingAt));
    assert.match(missingHover, /not in the library/);
    const titleOnlyAt = doc.positionAt(text.indexOf('notitle2019') + 1);
    assert.match(hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, titleOnlyAt)), /ungrounded: title only/);
  });

  it('reads Pandoc citations in Markdown', async () => {
    const editor = await openInEditor('notes.md');
    const doc = editor.document;
    const at = doc.positionAt(doc.getText().indexOf('huang2018munit') + 3);
    const shown = hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, at));
    assert.match(shown, /Multimodal Unsupervised/);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri);
    assert.ok(lenses.length >= 3, `lenses in Markdown: ${lenses.length}`);
  });

  it('shows the hover in the workbench: title, authors, year and the generated TLDR', async () => {
    const editor = await openInEditor('paper.tex');
    const offset = editor.document.getText().indexOf('taigman2017unsupervised}');
    const pos = editor.document.positionAt(offset + 3);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, pos);
    const shown = hoverText(hovers);
    assert.match(shown, /^\*\*Unsupervised Cross-Domain Image Generation\*\*/m, 'the title, in bold, first');
    assert.match(shown, /Yaniv Taigman, Adam Polyak, Lior Wolf · 2017 · International Conference on Learning Representations/);
    assert.match(shown, /\*TLDR \(generated\):\* This paper studies the problem of transferring a sample in one domain to an analog sample in another domain\./);
    editor.selection = new vscode.Selection(pos, pos);
    await vscode.commands.executeCommand('editor.action.showHover');
    await screenshot('04-hover');
  });

  it('shows a hostile key as text: no remote image, no command link', async () => {
    // A key is whatever the .tex says; this one tries to load an image and smuggle in a command link on hover.
    // (No "%" in it: LaTeX would read the rest of the line as a comment, and the key would never be a citation.)
    const hostile = 'x`![i](https://evil.example/p.png)`[Open](command:citescribe.openSource)';
    const doc = await scratchDocument('latex', `See \\cite{${hostile}}.\n`);
    const hovers = await waitFor('hover on the hostile key', async () => {
      const h = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, doc.positionAt(doc.getText().indexOf('x`') + 1));
      return h && h.length ? h : undefined;
    });
    const md = hovers.flatMap((h) => h.contents).find((c): c is vscode.MarkdownString => typeof c !== 'string' && 'isTrusted' in c)!;
    assert.match(md.value, /not in the library/);
    assert.ok(!md.value.includes('https://'), `no linkifiable URL: ${md.value}`);
    assert.ok(!/(^|[^\\])!\[/.test(md.value), `no image syntax: ${md.value}`);
    assert.ok(!/(^|[^\\])\]\(command:citescribe\.openSource/.test(md.value), `no command link from the key: ${md.value}`);
    assert.deepEqual(md.isTrusted, { enabledCommands: ['citescribe.openSource', 'citescribe.searchLibrary'] });
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
