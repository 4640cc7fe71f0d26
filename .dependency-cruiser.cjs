// The layers of CiteScribe and the import rules that keep them (ARCHITECTURE.md, "Layers"). `npm run lint:deps` runs
// them over src/, webview/, test/, bench/ and scripts/; any rule broken fails `npm test`.
//
// src/core, from the bottom up (a folder may import its own layer and the layers below it, never one above):
//   foundation  types.ts, trace.ts, util/
//   reading     text/, bibtex/, cites/ (the syntax of plain text, LaTeX, BibTeX and citation commands)
//   sources     pdf/, library/ → zotero/, enrich/ → grounding/, verify/; metrics/, suggest/, models/ beside them
//   writing     lexicon/ → rewrite/ → engine/ → drafting/ → engines/ → neural/ (lexicon/ reads only the foundation)
// src/protocol is neutral (the message schemas and their types; nothing of ours, of packages only valibot); src/extension
// and src/cli sit on top of src/core.

/** The folders (or top-level files) of src/core, as one pattern: core('rewrite', 'types') → ^src/core/(rewrite|types)(/|\.ts$). */
const core = (...names) => `^src/core/(${names.join('|')})(/|\\.ts$)`;

const FOUNDATION = ['types', 'trace', 'util'];
const READING = ['text', 'bibtex', 'cites'];
const SOURCES = ['pdf', 'library', 'zotero', 'enrich', 'grounding', 'metrics', 'suggest', 'models', 'verify'];
const WRITING = ['lexicon', 'rewrite', 'engine', 'drafting', 'engines', 'neural'];

/** Everything of ours outside src/core: what the core must never reach. */
/** The vscode API: the module name, or the types package it resolves to (node_modules may be a link elsewhere). */
const VSCODE = '(^vscode$)|((^|/)node_modules/@types/vscode/)';

const OUTSIDE_CORE = '^(src/(extension|cli|protocol)|webview|test|bench|scripts)/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles: a cycle makes the load order decide what a module sees (and hides a missing layer).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-is-pure',
      comment: 'src/core runs in the CLI, the tests and the extension host alike: never vscode, the editor glue, the CLI or the webview.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: [OUTSIDE_CORE, VSCODE] },
    },
    {
      name: 'protocol-is-neutral',
      comment: 'src/protocol is the message types between the extension and the webview: both import it, it imports neither.',
      severity: 'error',
      from: { path: '^src/protocol/' },
      to: { path: ['^src/(core|extension|cli)/', '^webview/', VSCODE] },
    },
    {
      name: 'protocol-imports-only-valibot',
      comment:
        'src/protocol runs on both sides, in the extension host (Node) and in the webview (a browser frame): besides its own files it ' +
        'imports valibot (the schemas its types and checks come from), no other package and no Node module.',
      severity: 'error',
      from: { path: '^src/protocol/' },
      to: { dependencyTypesNot: ['local'], pathNot: '(^|/)node_modules/valibot/' },
    },
    {
      name: 'webview-is-a-page',
      comment: 'The webview runs in a browser frame: it talks to the extension by messages (src/protocol), never by importing it or the core.',
      severity: 'error',
      from: { path: '^webview/' },
      to: { path: ['^src/(core|extension|cli)/', VSCODE] },
    },
    {
      name: 'cli-is-not-the-editor',
      comment: 'The CLI runs without VS Code.',
      severity: 'error',
      from: { path: '^src/cli/' },
      to: { path: ['^src/extension/', '^webview/', VSCODE] },
    },
    {
      name: 'extension-does-not-run-the-cli',
      severity: 'error',
      from: { path: '^src/extension/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'foundation-is-the-bottom',
      comment: 'types.ts, trace.ts and util/ are what every layer shares; they import nothing else of the core.',
      severity: 'error',
      from: { path: core(...FOUNDATION) },
      to: { path: core(...READING, ...SOURCES, ...WRITING) },
    },
    {
      name: 'reading-reads-only',
      comment:
        'text/, bibtex/ and cites/ read markup; they import each other and the foundation, nothing above. ' +
        'One known exception: cites/unused.ts finds the bibliographies a document names with library/discovery.ts.',
      severity: 'error',
      from: { path: core(...READING), pathNot: '^src/core/cites/unused\\.ts$' },
      to: { path: core(...SOURCES, ...WRITING) },
    },
    {
      name: 'reading-unused-entries-exception',
      comment: 'cites/unused.ts may read library/discovery.ts, nothing else above the reading layer.',
      severity: 'error',
      from: { path: '^src/core/cites/unused\\.ts$' },
      to: { path: core(...SOURCES, ...WRITING), pathNot: '^src/core/library/discovery\\.ts$' },
    },
    {
      name: 'lexicon-holds-words',
      comment: 'lexicon/ is word lists: it reads the foundation and nothing else, so every layer may read it.',
      severity: 'error',
      from: { path: core('lexicon') },
      to: { path: core(...READING, ...SOURCES, 'rewrite', 'engine', 'drafting', 'engines', 'neural') },
    },
    {
      name: 'sources-do-not-write',
      comment: 'The library, its sources and the checks around it never import the sentence-writing layers.',
      severity: 'error',
      from: { path: core(...SOURCES) },
      to: { path: core(...WRITING) },
    },
    {
      name: 'library-below-its-users',
      comment: 'pdf/ and library/ are read by zotero/, enrich/, grounding/, suggest/, verify/ — never the other way.',
      severity: 'error',
      from: { path: core('pdf', 'library') },
      to: { path: core('zotero', 'enrich', 'grounding', 'metrics', 'suggest', 'verify') },
    },
    {
      name: 'enrich-below-grounding-and-verify',
      severity: 'error',
      from: { path: core('enrich') },
      to: { path: core('zotero', 'grounding', 'suggest', 'verify') },
    },
    {
      name: 'verify-reads-the-library-and-the-services',
      comment: 'Reference verification checks a .bib against online records: it may use util, text, bibtex, library, zotero (the user’s own records come first) and enrich, never the writing layers.',
      severity: 'error',
      from: { path: core('verify') },
      to: { path: '^src/core/', pathNot: core('verify', 'types', 'trace', 'util', 'text', 'bibtex', 'library', 'zotero', 'enrich') },
    },
    {
      name: 'rewrite-below-engine',
      comment: 'A rewrite rule reads the lexicon, text/ and its own folder; the engine calls the rules, not the other way.',
      severity: 'error',
      from: { path: core('rewrite') },
      to: { path: core(...SOURCES, 'engine', 'drafting', 'engines', 'neural') },
    },
    {
      name: 'engine-below-drafting',
      comment: 'engine/ writes one citation sentence; drafting/ builds a section from such sentences.',
      severity: 'error',
      from: { path: core('engine') },
      to: { path: core('drafting', 'engines', 'neural') },
    },
    {
      name: 'drafting-below-engines',
      comment: 'engines/ puts engine/ and drafting/ behind the Engine interface.',
      severity: 'error',
      from: { path: core('drafting') },
      to: { path: core('engines', 'neural') },
    },
    {
      name: 'engines-below-neural',
      comment: 'The model engines (neural/) register themselves into engines/registry.ts; the registry never imports them.',
      severity: 'error',
      from: { path: core('engines') },
      to: { path: core('neural') },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|\\.tools|\\.vscode-test)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    // `import type` is an arrow too: a type that points up a layer is a layer broken.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
