import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { readyLibrary, openInEditor } from './api';
import { screenshot, waitFor, workspaceFile } from './helpers';

describe('Library index', () => {
  it('indexes the workspace .bib, keeps every good entry, and shows the broken one in Problems on its line', async () => {
    await openInEditor('paper.tex');
    const api = await readyLibrary();
    const state = api.library.state;
    assert.equal(state.kind, 'ready');
    if (state.kind !== 'ready') return;
    // 8 entries in refs.bib, one of them broken: the other 7 are all indexed.
    assert.equal(state.stats.entries, 7);
    assert.ok(api.library.hasKey('goodfellow2014generative'), 'the entry after the broken one survives');
    assert.ok(!api.library.hasKey('broken2020'));
    const bibUri = vscode.Uri.file(workspaceFile('refs.bib'));
    // The parse errors, not the information that an entry is uncited (which would also sit on the broken entry).
    const diagnostics = await waitFor('diagnostics on refs.bib', () => {
      const d = vscode.languages.getDiagnostics(bibUri).filter((x) => x.code !== 'unused-entry');
      return d.length ? d : undefined;
    });
    const lines = fs.readFileSync(bibUri.fsPath, 'utf8').split('\n');
    const brokenLine = lines.findIndex((l) => l.includes('@article{broken2020'));
    const nextLine = lines.findIndex((l) => l.includes('@article{goodfellow2014generative'));
    assert.ok(
      diagnostics.some((d) => d.range.start.line >= brokenLine && d.range.start.line < nextLine && d.source === 'CiteScribe'),
      `a diagnostic between lines ${brokenLine + 1} and ${nextLine}: ${JSON.stringify(diagnostics.map((d) => [d.range.start.line, d.message]))}`,
    );
    assert.match(api.statusBar.libraryText, /7 entries · 1 PDF\b/);
    // The generated PDF links to its entry by title and authors, and its sections reach the engines.
    assert.equal(state.stats.linked, 1);
    const paper = api.library.getPaper('taigman2017unsupervised');
    assert.ok(paper?.pdfPath?.endsWith('cross-domain-generation.pdf'), `linked PDF: ${paper?.pdfPath}`);
    assert.ok(paper?.sections?.some((s) => s.kind === 'introduction' && s.sentences.some((x) => x.page === 1)));
  });

  it('re-indexes a .bib file when it changes on disk', async () => {
    const api = await readyLibrary();
    const bib = workspaceFile('extra.bib');
    fs.writeFileSync(bib, '@misc{added2024, title={A Work Added While Editing}, author={Added, Ada}, year={2024}}\n');
    try {
      await waitFor('the new entry to be indexed', () => api.library.state.kind === 'ready' && api.library.hasKey('added2024'), 30_000);
      const paper = api.library.getPaper('added2024');
      assert.equal(paper?.title, 'A Work Added While Editing');
    } finally {
      fs.rmSync(bib, { force: true });
    }
    await waitFor('the removed entry to leave the index', () => api.library.state.kind === 'ready' && !api.library.hasKey('added2024'), 30_000);
    await screenshot('02-library-indexed');
  });

  it('warns where a second .bib file defines a key again, and links to the entry that is used', async () => {
    const api = await readyLibrary();
    const title = api.library.getPaper('goodfellow2014generative')?.title;
    const copy = vscode.Uri.file(workspaceFile('zz-copies.bib'));
    fs.writeFileSync(copy.fsPath, '% copied from an old project\n@misc{goodfellow2014generative, title={An Old Copy}}\n');
    try {
      const [warning] = await waitFor('a duplicate-key warning on zz-copies.bib', () => {
        const d = vscode.languages.getDiagnostics(copy);
        return d.length ? d : undefined;
      }, 30_000);
      assert.equal(warning.severity, vscode.DiagnosticSeverity.Warning);
      assert.equal(warning.range.start.line, 1);
      assert.match(warning.message, /duplicate key 'goodfellow2014generative' \(also defined in refs\.bib on line \d+, which is used/);
      const used = warning.relatedInformation?.[0]?.location;
      assert.equal(used?.uri.fsPath, workspaceFile('refs.bib'));
      const usedLine = fs.readFileSync(workspaceFile('refs.bib'), 'utf8').split('\n')[used!.range.start.line];
      assert.match(usedLine, /\{goodfellow2014generative,/);
      assert.equal(api.library.getPaper('goodfellow2014generative')?.title, title);
    } finally {
      fs.rmSync(copy.fsPath, { force: true });
    }
    await waitFor('the warning to go with the file', () => vscode.languages.getDiagnostics(copy).length === 0, 30_000);
  });
});
