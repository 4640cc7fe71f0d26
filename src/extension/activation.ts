// What activation costs: how long until the first CodeLens shows, and which heavy modules activation itself loaded.
// The native SQLite driver, the ONNX runtime, pdf.js and transformers.js load on first use (the first index, the first
// model run), never while VS Code waits for activate() to return.

/** Packages that must not load during activate(): each costs tens to hundreds of milliseconds, some native code. */
const HEAVY_PACKAGES = ['better-sqlite3', 'onnxruntime-node', 'pdfjs-dist', '@huggingface/transformers', 'sharp'];

/** Heavy packages present in Node's module cache now (by package name). */
export function loadedHeavyPackages(cache: Record<string, unknown> = require.cache): string[] {
  const paths = Object.keys(cache).map((p) => p.replace(/\\/g, '/'));
  return HEAVY_PACKAGES.filter((name) => paths.some((p) => p.includes(`/node_modules/${name}/`)));
}

export interface ActivationReport {
  /** Heavy packages loaded by the end of activate(); empty when every one waits for first use. */
  heavyPackagesAtActivation: string[];
  /** ms from the start of activate() to the first CodeLens list with lenses in it; undefined until then. */
  firstCodeLensMs?: number;
}
