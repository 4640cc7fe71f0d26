// The side-bar draft panel: pick keys, generate with progress and cancel, edit, regenerate, insert as one edit.
import * as vscode from 'vscode';
import { CancelledError, type Draft, type DraftParagraph, type DraftRequest, type DraftSentence } from '../core/types';
import { availableEngines } from '../core/engines/registry';
import { isDraftToExtension, restoreDraftPanelState } from '../protocol/guards';
import type {
  DraftPanelState,
  DraftParagraphView,
  DraftSentenceView,
  DraftSettings,
  DraftToExtension,
  DraftView,
  ExtensionToDraft,
  KeyGroup,
  KeyOption,
  KeyScope,
} from '../protocol/webview';
import { renderDraftText } from '../../webview/draftText';
import type { LibraryService } from './library';
import type { EngineService } from './engines';
import { citeLanguage, dominantCiteSyntax, draftScope } from './citesInDocument';
import { groundingReport } from '../core/grounding/report';
import { readSettings } from './settings';
import { webviewHtml, webviewOptions } from './webviewShell';
import { formatAuthors } from './format';
import { runCommand } from './commands/run';
import { ownAbstractOf } from '../core/text/abstract';
import { judgeRegeneratedSentence } from '../core/neural/paragraph-check';
import { findAnchor, type TextAnchor } from '../core/text/anchor';

const STATE_KEY = 'citescribe.draftPanelState';

export class DraftViewProvider implements vscode.WebviewViewProvider, vscode.Disposable {
  static readonly viewId = 'citescribe.draftView';
  private view: vscode.WebviewView | undefined;
  /** Listeners of the current view: disposed with it, not kept for the provider's lifetime. */
  private viewDisposables: vscode.Disposable[] = [];
  /** Requests in flight, by id: Cancel stops the one it names. */
  private readonly inFlight = new Map<string, AbortController>();
  private requestCounter = 0;
  /** The last LaTeX/Markdown editor the author worked in: the webview takes focus, the draft goes back there. */
  private targetEditor: { uri: vscode.Uri; selection: vscode.Selection; version: number; anchor: TextAnchor } | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private lastRequest: DraftRequest | undefined;
  /** Per key, the source sentences "regenerate sentence" has already offered since the last full draft. */
  private readonly triedSources = new Map<string, string[]>();
  /** Settles when the webview has said it is ready (tests and commands wait for it). */
  private readyResolve: (() => void) | undefined;
  ready: Promise<void> = new Promise((r) => (this.readyResolve = r));
  /** For tests: the last message sent to the webview. */
  lastPosted: ExtensionToDraft | undefined;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly library: LibraryService,
    private readonly engines: EngineService,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.rememberEditor(vscode.window.activeTextEditor);
    vscode.window.onDidChangeActiveTextEditor((e) => this.rememberEditor(e), undefined, this.disposables);
    vscode.window.onDidChangeTextEditorSelection((e) => this.rememberEditor(e.textEditor), undefined, this.disposables);
  }

  private rememberEditor(editor: vscode.TextEditor | undefined) {
    if (editor && citeLanguage(editor.document) && editor.document.uri.scheme !== 'output') {
      const doc = editor.document;
      this.targetEditor = { uri: doc.uri, selection: editor.selection, version: doc.version, anchor: anchorOf(doc, editor.selection) };
    }
  }

  resolveWebviewView(view: vscode.WebviewView) {
    // VS Code resolves the view again after it was closed and reopened: the old view's listeners go with it.
    this.disposeViewListeners();
    this.view = view;
    view.webview.options = webviewOptions(this.context.extensionUri);
    view.webview.html = webviewHtml(view.webview, this.context.extensionUri, 'draft', 'CiteScribe Draft');
    view.webview.onDidReceiveMessage((msg) => this.onMessage(msg), undefined, this.viewDisposables);
    view.onDidDispose(() => {
      if (this.view === view) this.view = undefined;
      this.ready = new Promise((r) => (this.readyResolve = r));
      this.disposeViewListeners();
    }, undefined, this.viewDisposables);
  }

  private disposeViewListeners() {
    const listeners = this.viewDisposables;
    this.viewDisposables = [];
    for (const d of listeners) d.dispose();
  }

  /** Ids the extension gives requests it starts itself ("x1"); the webview's own are "r1", "r2", … */
  private newRequestId(): string {
    return `x${++this.requestCounter}`;
  }

  /** Runs one request with its own AbortController, registered under its id until it completes. */
  private async track<T>(requestId: string, work: (signal: AbortSignal) => Promise<T>): Promise<T | undefined> {
    const controller = new AbortController();
    this.inFlight.get(requestId)?.abort();
    this.inFlight.set(requestId, controller);
    try {
      const result = await work(controller.signal);
      if (controller.signal.aborted) throw new CancelledError();
      return result;
    } catch (err) {
      if (controller.signal.aborted) {
        this.post({ type: 'cancelled', requestId });
        return undefined;
      }
      throw err;
    } finally {
      if (this.inFlight.get(requestId) === controller) this.inFlight.delete(requestId);
    }
  }

  /**
   * The panel's state as saved in the workspace, read through the same schemas as the webview's messages: a state an
   * older CiteScribe saved (a draft without `engine`, say) keeps its keys and settings and drops what no longer fits.
   */
  get savedState(): DraftPanelState | undefined {
    return restoreDraftPanelState(this.context.workspaceState.get<unknown>(STATE_KEY), this.defaultSettings());
  }

  private post(message: ExtensionToDraft) {
    this.lastPosted = message;
    void this.view?.webview.postMessage(message);
  }

  /** The Draft Related Work command: opens the panel and drafts there, with a cancellable notification too. */
  async generateAndShow(keys: string[], settings: DraftSettings): Promise<DraftView | undefined> {
    await vscode.commands.executeCommand(`${DraftViewProvider.viewId}.focus`);
    await Promise.race([this.ready, new Promise((r) => setTimeout(r, 10_000))]);
    // The panel lists where the keys came from (the section around the cursor) and which are title-only.
    const document = this.documentKeys();
    const same = document.keys.length === keys.length && document.keys.every((o) => keys.includes(o.key));
    if (document.scope && same) this.post({ type: 'documentKeys', keys: document.keys, scope: document.scope });
    return vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `CiteScribe: drafting related work for ${keys.length} key(s)`, cancellable: true },
      (_progress, token) => {
        const requestId = this.newRequestId();
        token.onCancellationRequested(() => this.inFlight.get(requestId)?.abort());
        return this.generate(keys, settings, requestId);
      },
    );
  }

  private defaultSettings(): DraftSettings {
    const s = readSettings();
    return { targetWords: s.targetWords, subsections: s.subsections, engine: s.engine };
  }

  private async saveState(state: DraftPanelState) {
    await this.context.workspaceState.update(STATE_KEY, state);
  }

  /** The target document's keys: the section around its cursor (or its selection), or with `all` every key. */
  private documentKeys(all = false): { keys: KeyOption[]; scope?: KeyScope } {
    const doc = this.targetEditor ? vscode.workspace.textDocuments.find((d) => d.uri.toString() === this.targetEditor!.uri.toString()) : undefined;
    if (!doc) return { keys: [] };
    const scope = draftScope(doc, this.targetEditor!.selection, all);
    const store = this.library.state.kind === 'ready' ? this.library.getStore() : undefined;
    const grounding = store ? new Map(groundingReport(store, scope.keys).lines.map((l) => [l.key, l.status])) : new Map();
    return {
      keys: scope.keys.map((key) => {
        const option = this.keyOption(key);
        const status = grounding.get(key);
        if (status && status !== 'missing') option.grounding = status;
        return option;
      }),
      scope: { label: scope.label, total: scope.total, all: scope.all },
    };
  }

  /** The library's BibTeX groups, for adding a whole group of keys at once. */
  private groups(): KeyGroup[] {
    if (this.library.state.kind !== 'ready') return [];
    return this.library.getStore().groups().map((g) => ({ name: g.name, keys: g.keys.map((k) => this.keyOption(k)) }));
  }

  private keyOption(key: string): KeyOption {
    const paper = this.library.state.kind === 'ready' ? this.library.getPaper(key) : undefined;
    return { key, title: paper?.title ?? '', year: paper?.year, authors: formatAuthors(paper?.authors), known: !!paper };
  }

  private async onMessage(raw: unknown) {
    if (!isDraftToExtension(raw)) {
      this.log.warn(`draft panel: ignored a malformed message ${JSON.stringify(raw)?.slice(0, 200)}`);
      return;
    }
    const msg: DraftToExtension = raw;
    try {
      switch (msg.type) {
        case 'ready': {
          const state = this.savedState;
          const document = this.documentKeys();
          this.post({ type: 'init', state, engines: availableEngines(), documentKeys: document.keys, ...(document.scope && { scope: document.scope }), groups: this.groups() });
          this.readyResolve?.();
          break;
        }
        case 'useDocumentKeys': {
          const document = this.documentKeys(msg.all ?? false);
          this.post({ type: 'documentKeys', keys: document.keys, ...(document.scope && { scope: document.scope }) });
          break;
        }
        case 'searchKeys': {
          const results = msg.query.trim() ? this.library.getStore().search(msg.query, 20) : [];
          this.post({ type: 'searchResults', query: msg.query, results: results.map((r) => this.keyOption(r.key)) });
          break;
        }
        case 'generate':
          await this.generate(msg.keys, msg.settings, msg.id);
          break;
        case 'cancel':
          this.inFlight.get(msg.id)?.abort();
          break;
        case 'regenerateParagraph':
          await this.track(msg.id, (signal) => this.regenerateParagraph(msg.paragraph, msg.id, signal));
          break;
        case 'regenerateSentence':
          await this.track(msg.id, (signal) => this.regenerateSentence(msg.paragraph, msg.sentence, msg.id, signal));
          break;
        case 'stateChanged':
          await this.saveState(msg.state);
          break;
        case 'insert':
          await this.insert(msg.draft);
          break;
        case 'openSource':
          await runCommand('citescribe.openSource', { pdfPath: msg.source.pdfPath, page: msg.source.page, key: msg.source.key });
          break;
      }
    } catch (err) {
      const message = (err as Error).message;
      this.log.error(`draft panel: ${message}`);
      // The error completes the request that failed, if the message was one.
      const requestId = 'id' in msg && msg.type !== 'cancel' ? msg.id : undefined;
      this.post(requestId ? { type: 'error', requestId, message } : { type: 'error', message });
    }
  }

  private request(keys: string[], settings: DraftSettings): DraftRequest {
    const doc = this.targetEditor && vscode.workspace.textDocuments.find((d) => d.uri.toString() === this.targetEditor!.uri.toString());
    const markdown = doc ? citeLanguage(doc) === 'markdown' : false;
    const configured = readSettings().citeCommand;
    return {
      keys,
      targetWords: settings.targetWords,
      subsections: settings.subsections,
      format: markdown ? 'markdown' : 'latex',
      syntax: markdown ? 'pandoc' : configured !== 'auto' ? configured : doc ? dominantCiteSyntax(doc) : 'cite',
      tense: readSettings(doc?.uri).tense,
      workOrder: readSettings(doc?.uri).workOrder,
      ownAbstract: doc ? ownAbstractOf(doc.getText(), markdown ? 'markdown' : 'latex') : undefined,
    };
  }

  async generate(keys: string[], settings: DraftSettings, requestId = this.newRequestId()): Promise<DraftView | undefined> {
    if (keys.length === 0) throw new Error('Pick at least one key: use the keys of the current document or search the library.');
    if (this.library.state.kind !== 'ready') await this.library.index();
    // A new full draft replaces any draft still being written.
    for (const [id, controller] of this.inFlight) if (id !== requestId) controller.abort();
    const started = Date.now();
    const req = this.request(keys, settings);
    this.lastRequest = req;
    this.triedSources.clear();
    return vscode.window.withProgress({ location: { viewId: DraftViewProvider.viewId }, title: 'Drafting' }, () =>
      this.track(requestId, async (signal) => {
        const engine = await this.engines.get({ trusted: vscode.workspace.isTrusted, engineId: settings.engine });
        this.post({ type: 'progress', requestId, done: 0, total: keys.length, message: `Drafting with the ${engine.id} engine…` });
        const draft = await engine.draft(req, this.library, {
          signal,
          progress: { report: (done, total, message) => this.post({ type: 'progress', requestId, done, total, message }) },
          // Checked sentences as they are written: the author reads them while a model writes the rest.
          onSentence: (key, text) => this.post({ type: 'progress', requestId, done: 0, total: 0, sentence: { key, text } }),
          // The LLM engines write whole paragraphs: each shows in the same list, under the keys it cites.
          onParagraph: (paragraph, _index, text) => this.post({ type: 'progress', requestId, done: 0, total: 0, sentence: { key: paragraph.keys.join(', '), text } }),
        });
        if (signal.aborted) throw new CancelledError();
        const view = toView(draft, started, req.format);
        this.post({ type: 'draft', requestId, draft: view });
        await this.saveState({ keys, settings, draft: view });
        return view;
      }),
    );
  }

  private currentDraft(): DraftView | undefined {
    return this.savedState?.draft;
  }

  private async regenerateParagraph(index: number, requestId: string, signal: AbortSignal) {
    const draft = this.currentDraft();
    const paragraph = draft?.paragraphs[index];
    if (!draft || !paragraph) throw new Error(`There is no paragraph ${index + 1} to regenerate.`);
    const base = this.lastRequest ?? this.request(paragraph.keys, this.savedState!.settings);
    const words = paragraph.sentences.reduce((n, s) => n + s.text.split(/\s+/).length, 0);
    const engine = await this.engines.get({ trusted: vscode.workspace.isTrusted, engineId: this.savedState?.settings.engine });
    // The plan goes with the request: an LLM engine writes this one paragraph again under the same plan line (same
    // works, same subject, the others' subjects); the default and ONNX engines draft the paragraph's keys.
    const plan = draft.paragraphs.map((p) => ({ keys: p.keys, ...(p.subject && { subject: p.subject }) }));
    const fresh = await engine.draft({ ...base, keys: paragraph.keys, targetWords: Math.max(40, words), subsections: false, plan, onlyParagraph: index }, this.library, { signal });
    if (signal.aborted) throw new CancelledError();
    const value: DraftParagraphView = {
      heading: paragraph.heading,
      ...(paragraph.subject && { subject: paragraph.subject }),
      keys: paragraph.keys,
      sentences: fresh.paragraphs.flatMap((p) => p.sentences.map(sentenceView)),
    };
    draft.paragraphs[index] = value;
    this.post({ type: 'paragraph', requestId, paragraph: index, value });
    await this.saveState({ ...this.savedState!, draft });
  }

  private async regenerateSentence(pIndex: number, sIndex: number, requestId: string, signal: AbortSignal) {
    const draft = this.currentDraft();
    const sentence = draft?.paragraphs[pIndex]?.sentences[sIndex];
    if (!draft || !sentence) throw new Error(`There is no sentence ${sIndex + 1} in paragraph ${pIndex + 1}.`);
    if (sentence.keys.length !== 1) return this.regenerateParagraph(pIndex, requestId, signal);
    const engine = await this.engines.get({ trusted: vscode.workspace.isTrusted, engineId: this.savedState?.settings.engine });
    const key = sentence.keys[0];
    const syntax = this.lastRequest?.syntax ?? 'cite';
    // The next best source sentence each time, round the work's sentences (the engine starts over after the last).
    const tried = [...new Set([...(this.triedSources.get(key) ?? []), ...sentence.sources.map((s) => s.text)])];
    const result = await engine.citationSentence({ key, style: 'citation', syntax, tense: this.lastRequest?.tense, avoidSources: tried }, this.library, { signal });
    if (signal.aborted) throw new CancelledError();
    const fresh = result.spans.some((s) => s.source && s.source.section !== 'title' && !tried.includes(s.source.text));
    this.triedSources.set(key, fresh ? tried : []);
    if (result.text.trim() === sentence.text.trim()) {
      // The panel waits for an answer: give the sentence back as it was, and say why.
      this.post({ type: 'sentence', requestId, paragraph: pIndex, sentence: sIndex, value: sentence });
      void vscode.window.showInformationMessage(`The ${engine.id} engine has no other sentence for ${key}.`);
      return;
    }
    const value: DraftSentenceView = {
      text: result.text,
      keys: [result.key],
      role: sentence.role,
      sources: result.spans.filter((s) => s.source).map((s) => ({ key: result.key, text: s.source!.text, section: s.source!.section, page: s.source!.page, pdfPath: s.source!.pdfPath })),
    };
    // A paragraph whose sentences were judged (an LLM engine's draft with a library): the new sentence is judged
    // against the same works, so it has a badge like its neighbours and a doubtful one is explained.
    const paragraph = draft.paragraphs[pIndex];
    if (paragraph.sentences.some((s) => s.checks?.length)) {
      const checks = judgeRegeneratedSentence(this.library, value, paragraph.keys);
      if (checks?.length) value.checks = checks;
    }
    draft.paragraphs[pIndex].sentences[sIndex] = value;
    this.post({ type: 'sentence', requestId, paragraph: pIndex, sentence: sIndex, value });
    await this.saveState({ ...this.savedState!, draft });
  }

  /** One WorkspaceEdit: replaces the selection (e.g. the old related-work section) or inserts at the cursor. */
  async insert(draft: DraftView): Promise<void> {
    const target = this.targetEditor;
    if (!target) throw new Error('Open the LaTeX or Markdown file to insert into, put the cursor where the draft goes, then press Insert again.');
    const doc = await vscode.workspace.openTextDocument(target.uri);
    const text = renderDraftText(draft);
    // Changed since the place was chosen (a formatter, another editor, a git checkout): find the place again by its
    // text, or refuse; the draft stays in the panel either way.
    let range: vscode.Range = target.selection;
    if (doc.version !== target.version) {
      const found = findAnchor(doc.getText(), target.anchor);
      if (!found) {
        throw new Error(
          `${vscode.workspace.asRelativePath(doc.uri)} changed where the draft was to go (the selected text or the text around the cursor was edited). ` +
            'Put the cursor where the draft goes and press Insert again; the draft is still here.',
        );
      }
      range = new vscode.Range(doc.positionAt(found.start), doc.positionAt(found.end));
    }
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, range, text);
    const ok = await vscode.workspace.applyEdit(edit);
    if (!ok) throw new Error(`Could not edit ${vscode.workspace.asRelativePath(doc.uri)}.`);
    await vscode.window.showTextDocument(doc, { preserveFocus: false });
    this.post({ type: 'inserted', where: `${vscode.workspace.asRelativePath(doc.uri)}:${range.start.line + 1}` });
  }

  dispose() {
    for (const controller of this.inFlight.values()) controller.abort();
    this.disposeViewListeners();
    for (const d of this.disposables) d.dispose();
  }
}

/** The selection and the text around it, read from a small range (this runs on every selection change). */
export function anchorOf(doc: vscode.TextDocument, selection: vscode.Range): TextAnchor {
  const start = doc.offsetAt(selection.start);
  const end = doc.offsetAt(selection.end);
  const from = Math.max(0, start - 60);
  const slice = doc.getText(new vscode.Range(doc.positionAt(from), doc.positionAt(end + 60)));
  return { start, end, selected: slice.slice(start - from, end - from), before: slice.slice(0, start - from), after: slice.slice(end - from) };
}

function sentenceView(s: DraftSentence): DraftSentenceView {
  return {
    text: s.text,
    keys: s.keys,
    role: s.role,
    sources: s.sources.map((src) => ({ key: s.keys[0] ?? '', text: src.text, section: src.section, page: src.page, pdfPath: src.pdfPath })),
    ...(s.checks?.length && { checks: s.checks }),
    ...(s.flags?.length && { flags: s.flags }),
  };
}

function paragraphView(p: DraftParagraph): DraftParagraphView {
  return { heading: p.heading, ...(p.subject && { subject: p.subject }), keys: p.keys, sentences: p.sentences.map(sentenceView) };
}

function toView(draft: Draft, started: number, format: 'latex' | 'markdown'): DraftView {
  return {
    paragraphs: draft.paragraphs.map(paragraphView),
    format,
    citedKeys: draft.citedKeys,
    unknownKeys: draft.unknownKeys,
    ...(draft.listedOnly?.length && { listedOnly: draft.listedOnly }),
    engine: draft.engine,
    elapsedMs: Date.now() - started,
  };
}
