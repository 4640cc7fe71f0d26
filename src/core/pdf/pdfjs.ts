// Loads pdf.js (legacy build, the one that runs in Node) on first use and opens documents with the browser-only
// features turned off. pdfjs-dist stays in node_modules: the bundles mark it external, so it is resolved at run time.
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { installBudgetedWorker } from './decode-budget';

/** The subset of pdf.js's API we use, typed locally so src/core does not depend on pdfjs-dist's DOM-heavy typings. */
export interface PdfjsTextItem {
  str: string;
  /** [a, b, c, d, e, f]: scale/rotation in a–d, x = e, y = f (PDF user space, y grows upwards). */
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
  fontName: string;
}

interface PdfjsPage {
  getTextContent(params?: { includeMarkedContent?: boolean; disableNormalization?: boolean }): Promise<{
    items: Array<PdfjsTextItem | { type: string }>;
  }>;
  getViewport(params: { scale: number }): { width: number; height: number };
  cleanup(): boolean;
}

export interface PdfjsDocument {
  numPages: number;
  getPage(pageNumber: number): Promise<PdfjsPage>;
  getMetadata(): Promise<{ info?: Record<string, unknown>; metadata?: { get(name: string): unknown } | null }>;
}

export interface PdfjsLoadingTask {
  promise: Promise<PdfjsDocument>;
  destroy(): Promise<void>;
}

interface PdfjsModule {
  getDocument(src: Record<string, unknown>): PdfjsLoadingTask;
  VerbosityLevel: { ERRORS: number };
}

let loading: Promise<PdfjsModule> | undefined;
let assetsDir: string | undefined;

// pdf.mjs is an ES module. esbuild (bundles and tsx) keeps an import() whose specifier is not a literal as a real
// dynamic import, also in CommonJS output, so this loads it natively on every Node version we support.
function importEsm(specifier: string): Promise<unknown> {
  return import(specifier);
}

function packageDir(): string {
  // require.resolve works in the bundles (pdfjs-dist is external) and under tsx alike.
  return path.dirname(require.resolve('pdfjs-dist/package.json'));
}

/**
 * pdf.js 6 calls Promise.withResolvers, which Node 20 (and so VS Code's Electron extension host of that era) lacks.
 * The shim is the spec's own definition.
 */
function ensureRuntimeFeatures(): void {
  const P = Promise as unknown as { withResolvers?: unknown };
  if (typeof P.withResolvers !== 'function') {
    Object.defineProperty(Promise, 'withResolvers', {
      configurable: true,
      writable: true,
      value: function withResolvers<T>() {
        let resolve!: (value: T | PromiseLike<T>) => void;
        let reject!: (reason?: unknown) => void;
        const promise = new Promise<T>((res, rej) => {
          resolve = res;
          reject = rej;
        });
        return { promise, resolve, reject };
      },
    });
  }
}

export function loadPdfjs(): Promise<PdfjsModule> {
  loading ??= (async () => {
    ensureRuntimeFeatures();
    const dir = packageDir();
    assetsDir = dir;
    // Before pdf.mjs: pdf.js then takes its fake worker from globalThis.pdfjsWorker (decode-budget.ts).
    await installBudgetedWorker(dir, importEsm);
    const entry = pathToFileURL(path.join(dir, 'legacy', 'build', 'pdf.mjs')).href;
    return (await importEsm(entry)) as PdfjsModule;
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

/** Opens a PDF from bytes. The bytes are transferred to pdf.js (the caller's buffer must not be reused). */
export async function openPdf(data: Uint8Array, password?: string): Promise<PdfjsLoadingTask> {
  const pdfjs = await loadPdfjs();
  const dir = assetsDir ?? packageDir();
  // pdf.js wants directory URLs with a trailing slash; in Node it reads them with fs.
  const asset = (name: string) => path.join(dir, name) + path.sep;
  return pdfjs.getDocument({
    data,
    password,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
    // Text extraction only: no font loading into a DOM, no eval-compiled glyph paths, no system fonts.
    disableFontFace: true,
    isEvalSupported: false,
    useSystemFonts: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    standardFontDataUrl: asset('standard_fonts'),
    cMapUrl: asset('cmaps'),
    cMapPacked: true,
    wasmUrl: asset('wasm'),
    iccUrl: asset('iccs'),
    // Images are irrelevant to text; skip decoding big ones.
    maxImageSize: 1,
  });
}
