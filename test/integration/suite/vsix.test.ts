import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { readyLibrary } from './api';
import { screenshot, workspaceFile } from './helpers';

/** The first file named `name` under `dir`, `depth` folders down at most (the profile's global storage, wherever the host puts it). */
function findFile(dir: string, name: string, depth: number): string | undefined {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return undefined;
  }
  for (const e of entries) if (e.isFile() && e.name === name) return path.join(dir, e.name);
  if (depth === 0) return undefined;
  for (const e of entries) {
    const found = e.isDirectory() ? findFile(path.join(dir, e.name), name, depth - 1) : undefined;
    if (found) return found;
  }
  return undefined;
}

describe('The packaged .vsix', () => {
  it('installs into code-server and its Index Library command runs', async () => {
    const ext = vscode.extensions.getExtension('citescribe.citescribe');
    assert.ok(ext, 'CiteScribe installed from the .vsix');
    const extensionsDir = process.env.CITESCRIBE_EXTENSIONS_DIR!;
    assert.ok(ext!.extensionPath.startsWith(extensionsDir), `${ext!.extensionPath} is inside ${extensionsDir}`);
    const doc = await vscode.workspace.openTextDocument(workspaceFile('paper.tex'));
    await vscode.window.showTextDocument(doc);
    await ext!.activate();
    const stats = (await vscode.commands.executeCommand('citescribe.indexLibrary')) as { entries: number } | undefined;
    assert.ok(stats, 'the command returned the index statistics');
    assert.equal(stats!.entries, 7, 'the native SQLite module from the .vsix indexed the fixture library');
    await screenshot('10-vsix-installed');
  });

  it('ships what runs: no canvas or browser runtime, and its own node_modules extract the real PDFs as the dev tree does', function () {
    this.timeout(180_000);
    const ext = vscode.extensions.getExtension('citescribe.citescribe')!;
    // pdf.js needs @napi-rs/canvas only to render pages, transformers.js's Node build runs on onnxruntime-node, and
    // sharp's libvips (@img) serves image code we never run.
    for (const dropped of ['@napi-rs', 'onnxruntime-web', '@img']) {
      assert.equal(fs.existsSync(path.join(ext.extensionPath, 'node_modules', dropped)), false, `${dropped} is not shipped`);
    }
    const shared = process.env.CITESCRIBE_SHARED_DATA ?? '';
    const pdfs = fs.existsSync(path.join(shared, 'pdfs')) ? path.join(shared, 'pdfs') : path.dirname(workspaceFile('paper.tex'));
    const index = (cli: string) => {
      const db = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-vsix-pdf-')), 'library.db');
      const r = spawnSync(process.execPath, [cli, 'index', '--db', db, '--pdf', pdfs, '--json'], { encoding: 'utf8', env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } });
      assert.equal(r.status, 0, r.stderr);
      const out = JSON.parse(r.stdout) as { pdfFiles: number; pdfsWithText: number; errors: { file: string; message: string }[] };
      return { pdfFiles: out.pdfFiles, pdfsWithText: out.pdfsWithText, errors: out.errors.map((e) => `${path.basename(e.file)}: ${e.message}`).sort() };
    };
    const packaged = index(path.join(ext.extensionPath, 'dist', 'cli.js'));
    const dev = index(path.join(process.env.CITESCRIBE_REPO_ROOT!, 'dist', 'cli.js'));
    assert.ok(packaged.pdfsWithText > 0, `text from ${pdfs}`);
    assert.deepEqual(packaged, dev);
  });

  it('runs the onnx engine from its own node_modules, without sharp\'s native library', function () {
    this.timeout(120_000);
    const models = process.env.CITESCRIBE_TINY_MODELS;
    if (!models) this.skip();
    const ext = vscode.extensions.getExtension('citescribe.citescribe')!;
    const cli = path.join(ext.extensionPath, 'dist', 'cli.js');
    const db = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-vsix-onnx-')), 'library.db');
    const env = { ...process.env, ELECTRON_RUN_AS_NODE: '1' };
    const indexed = spawnSync(process.execPath, [cli, 'index', '--db', db, '--bib', workspaceFile('refs.bib'), '--json'], { encoding: 'utf8', env });
    assert.equal(indexed.status, 0, indexed.stderr);
    const cite = spawnSync(process.execPath, [cli, 'cite', 'taigman2017unsupervised', '--db', db, '--engine', 'onnx', '--model', path.join(models!, 'causal'), '--device', 'cpu', '--json'], { encoding: 'utf8', env });
    assert.equal(cite.status, 0, cite.stderr);
    const sentence = JSON.parse(cite.stdout) as { text: string; engine: string };
    assert.equal(sentence.engine, 'onnx');
    assert.match(sentence.text, /\\cite\{taigman2017unsupervised\}/);
  });

  it('downloads node-llama-cpp from the npm registry on the gguf engine\'s first use, and writes a sentence with it', async function () {
    // The real registry: node-llama-cpp 3.21.1, the linux-x64 CPU build and 119 dependencies (≈48 MB).
    this.timeout(600_000);
    const ext = vscode.extensions.getExtension('citescribe.citescribe')!;
    assert.equal(fs.existsSync(path.join(ext.extensionPath, 'node_modules', 'node-llama-cpp')), false, 'the .vsix does not ship node-llama-cpp');
    const model = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'citescribe-vsix-gguf-')), 'tiny.gguf');
    const makeTinyGguf = path.join(process.env.CITESCRIBE_REPO_ROOT!, 'scripts', 'make-tiny-gguf.mjs');
    const made = spawnSync(process.execPath, [makeTinyGguf, model], { encoding: 'utf8', env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' } });
    assert.equal(made.status, 0, made.stderr);
    const config = vscode.workspace.getConfiguration('citescribe');
    const api = await readyLibrary();
    try {
      // The consent dialog is modal, which the test window refuses: the user's setting gives it instead.
      await config.update('gguf.allowRuntimeDownload', true, vscode.ConfigurationTarget.Global);
      await config.update('gguf.path', model, vscode.ConfigurationTarget.Global);
      await config.update('model.device', 'cpu', vscode.ConfigurationTarget.Global);
      await config.update('engine', 'gguf', vscode.ConfigurationTarget.Global);
      const engine = await api.engines.get({ trusted: true });
      assert.equal(engine.id, 'gguf');
      const started = Date.now();
      const result = await engine.citationSentence({ key: 'zhu2017unpaired', style: 'citation', syntax: 'cite' }, api.library);
      console.log(`      (download, load and one sentence: ${((Date.now() - started) / 1000).toFixed(1)} s)`);
      // Random weights write nonsense: what counts is that it ran from the download and its output was checked.
      assert.deepEqual([...result.text.matchAll(/\\cite\{([^}]*)\}/g)].map((m) => m[1]), ['zhu2017unpaired'], result.text);
      assert.equal(api.engines.device, 'cpu');
      const marker = findFile(path.join(path.dirname(process.env.CITESCRIBE_TEST_WORKSPACE!), 'user-data'), '.citescribe-install.json', 8);
      assert.ok(marker, 'the install is in the profile\'s global storage');
      assert.match(marker!, /citescribe\.citescribe[\\/]node-llama-cpp[\\/]3\.21\.1[\\/]/);
      assert.deepEqual(JSON.parse(fs.readFileSync(marker!, 'utf8')).binaries, ['@node-llama-cpp/linux-x64']);
    } finally {
      for (const key of ['engine', 'gguf.path', 'model.device', 'gguf.allowRuntimeDownload']) await config.update(key, undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
