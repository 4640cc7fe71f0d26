// In-process extraction of one PDF: bytes → pages → sections → metadata guesses. Every failure becomes a
// PdfExtraction with ok:false and a reason; nothing here throws for a bad file.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { PaperSection } from '../types';
import type { PdfExtraction, PdfFailure } from './types';
import { DocumentSpelling, layoutPage, pageText, type PageLayout, type TextLine } from './layout';
import { LigatureRepair } from './ligatures';
import { englishWords, type WordList } from '../text/words';
import { guessMetadata, type InfoFields } from './metadata';
import { loadPdfjs, openPdf, type PdfjsDocument, type PdfjsLoadingTask } from './pdfjs';
import { bodyFontSize, buildSections, contentLines } from './sections';
import { DEFAULT_DECODE_BUDGET, endDecodeBudget, startDecodeBudget } from './decode-budget';
import { startsLikePdf } from './header';

export interface ExtractOptions {
  /** Give up on one file after this long (default 60 s). */
  timeoutMs?: number;
  /** Files larger than this are recorded as 'too-large' without being read (default 200 MB). */
  maxBytes?: number;
  /**
   * Bytes pdf.js may decode from this file's streams, all filters and all streams together (default 128 MB); more
   * is a 'too-large' failure.
   */
  decodeBudget?: number;
  /** Read at most this many pages (default: all). */
  maxPages?: number;
}

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_BYTES = 200 * 1024 * 1024;

/** sha256 of a file's bytes, hex. Streams, so large files do not sit in memory. */
export function hashFile(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('error', reject)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')));
  });
}

function hashBytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function failed(path: string, failure: PdfFailure, message: string, size = 0, contentHash = ''): PdfExtraction {
  return { path, contentHash, size, ok: false, failure, message, pageCount: 0, pages: [], sections: [], meta: {} };
}

/** A PDF ends with "%%EOF" (possibly followed by a little whitespace or junk); a cut-off copy does not. */
function hasEndMarker(bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).subarray(Math.max(0, bytes.byteLength - 2048));
  return tail.includes('%%EOF');
}

/**
 * A stand-in content hash for a file that is not read (over the size limit): hashing 10 GB only to refuse it took
 * 31 s. Size and mtime change when the file does, which is all the re-index test needs.
 */
function unreadFileStamp(size: number, mtimeMs: number): string {
  return `unread:${size}:${Math.round(mtimeMs)}`;
}

class Timeout extends Error {}

/** Extracts one PDF. Never throws for a bad file; only the caller's own errors (none expected) escape. */
export async function extractPdf(path: string, options: ExtractOptions = {}): Promise<PdfExtraction> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  let size = 0;
  let mtimeMs = 0;
  try {
    const st = await stat(path);
    // A FIFO or device named "x.pdf" would block or never end.
    if (!st.isFile()) return failed(path, 'invalid', 'not a regular file');
    size = st.size;
    mtimeMs = st.mtimeMs;
  } catch (e) {
    return failed(path, 'invalid', `cannot read file: ${(e as Error).message}`);
  }
  if (size === 0) return failed(path, 'empty', 'zero-byte file: nothing to read');
  // The limit is the largest size read: a file of exactly maxBytes is already too large.
  if (size >= maxBytes) {
    return failed(path, 'too-large', `file is ${(size / 1048576).toFixed(0)} MB, at or over the ${(maxBytes / 1048576).toFixed(0)} MB limit`, size, unreadFileStamp(size, mtimeMs));
  }
  try {
    // Checked before the file is read whole; the message never quotes the file's bytes (a link to /etc/passwd
    // named "x.pdf" had its first line shown in the Problems panel and stored in the database).
    if (!startsLikePdf(path)) return failed(path, 'invalid', 'not a PDF: no %PDF- header', size, unreadFileStamp(size, mtimeMs));
  } catch (e) {
    return failed(path, 'invalid', `cannot read file: ${(e as Error).message}`, size);
  }
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(path));
  } catch (e) {
    return failed(path, 'invalid', `cannot read file: ${(e as Error).message}`, size);
  }
  const contentHash = hashBytes(bytes);
  const complete = hasEndMarker(bytes);
  const budget = options.decodeBudget ?? DEFAULT_DECODE_BUDGET;
  // One document at a time per thread: the decode budget is counted per thread (decode-budget.ts).
  const release = await takeTurn();
  let task: PdfjsLoadingTask | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    await loadPdfjs();
    const spent = startDecodeBudget(budget);
    const overBudget = () =>
      failed(path, 'too-large', `its streams decode to more than ${Math.round(budget / 1048576)} MB (a compression bomb, or more than CiteScribe reads)`, size, contentHash);
    try {
      const work = (async () => {
        task = await openPdf(bytes);
        return readDocument(path, task, complete, options.maxPages);
      })();
      // After a timeout the abandoned parse may still fail; that rejection has no one left to hear it.
      work.catch(() => undefined);
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Timeout()), timeoutMs);
      });
      const result = await Promise.race([work, timeout]);
      // pdf.js turns a decode error into a failed page (or a page without its text): the budget says which it was.
      if (spent.exceeded) return overBudget();
      return { ...result, path, contentHash, size };
    } catch (e) {
      if (spent.exceeded) return overBudget();
      return { ...classifyError(e, complete, timeoutMs), path, contentHash, size };
    }
  } catch (e) {
    // pdf.js itself could not be loaded.
    return failed(path, 'invalid', `cannot load the PDF reader: ${(e as Error).message}`, size, contentHash);
  } finally {
    clearTimeout(timer);
    // Frees pdf.js's document and its fake worker; a timed-out parse is abandoned here.
    await (task as PdfjsLoadingTask | undefined)?.destroy().catch(() => undefined);
    endDecodeBudget();
    release();
  }
}

let queue: Promise<void> = Promise.resolve();

/** Waits for the documents before this one to finish; returns the call that lets the next one start. */
function takeTurn(): Promise<() => void> {
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const turn = queue.then(() => release);
  queue = queue.then(() => mine);
  return turn;
}

function classifyError(e: unknown, complete: boolean, timeoutMs: number): PdfExtraction {
  const name = (e as { name?: string })?.name ?? '';
  const message = (e as Error)?.message ?? String(e);
  if (e instanceof Timeout) return failed('', 'timeout', `gave up after ${Math.round(timeoutMs / 1000)} s`);
  if (name === 'PasswordException') {
    return failed('', 'encrypted', 'encrypted: the PDF needs a password to open, so its text cannot be read');
  }
  if (!complete) return failed('', 'truncated', `truncated: the file ends before its %%EOF marker (incomplete download or copy); ${message}`);
  return failed('', 'invalid', `not a readable PDF: ${message}`);
}

async function readDocument(path: string, task: PdfjsLoadingTask, complete: boolean, maxPages?: number): Promise<PdfExtraction> {
  const doc = await task.promise;
  const pageCount = doc.numPages;
  const layouts: PageLayout[] = [];
  let pageErrors = 0;
  let firstError = '';
  const limit = Math.min(pageCount, maxPages ?? pageCount);
  for (let n = 1; n <= limit; n++) {
    try {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const layout = layoutPage(content.items, n, viewport.width, viewport.height);
      layouts.push(layout);
      page.cleanup();
    } catch (e) {
      pageErrors++;
      firstError ||= (e as Error).message;
      layouts.push({ page: n, width: 0, height: 0, lines: [], marginalia: [] });
    }
  }
  for (const layout of layouts) layout.lines = joinDropCaps(layout.lines, englishWords());
  const lines = layouts.flatMap((l) => l.lines);
  const ligatures = LigatureRepair.forDocument(lines);
  if (ligatures) {
    let continuing = '';
    for (const line of lines) {
      line.text = ligatures.repair(line.text, continuing);
      continuing = /(\p{L}+)[-\u00ad]$/u.exec(line.text)?.[1] ?? '';
    }
  }
  const spelling = DocumentSpelling.fromLines(lines, englishWords());
  const pages = layouts.map((l) => pageText(l, spelling));
  const letters = pages.reduce((n, p) => n + (p.match(/\p{L}/gu)?.length ?? 0), 0);
  const emptyPages = pages.filter((p) => !/\p{L}/u.test(p)).length;

  if (!complete && (pageErrors > 0 || emptyPages > 0)) {
    return failed(path, 'truncated', `truncated: the file ends before its %%EOF marker and ${pageErrors + emptyPages} of ${pageCount} pages could not be read (incomplete download or copy?)`);
  }
  if (pageErrors === limit) return failed(path, 'invalid', `no page could be read: ${firstError}`);
  if (letters < 20) {
    return { ...failed(path, 'no-text', `no text layer: ${pageCount} page(s) with no extractable text (a scan, or images/drawings only); run OCR on it to index its text`), pageCount };
  }
  if (unreadableText(pages)) {
    return { ...failed(path, 'no-text', 'text layer is unreadable (fonts without a Unicode mapping); run OCR on it to index its text'), pageCount };
  }

  const info = await readInfo(doc);
  const bodySize = bodyFontSize(layouts);
  const meta = guessMetadata(layouts[0], bodySize, info);
  const sections: PaperSection[] = buildSections(contentLines(layouts, bodySize), bodySize, spelling);
  if (meta.title) {
    sections.unshift({ heading: 'Title', kind: 'title', sentences: [{ text: meta.title, section: 'title', index: 0, page: 1 }] });
  }
  const result: PdfExtraction = { path, contentHash: '', size: 0, ok: true, pageCount, pages, sections, meta };
  if (pageErrors > 0) result.message = `${pageErrors} of ${pageCount} pages could not be read: ${firstError}`;
  return result;
}

/**
 * A drop cap, the large initial that magazines set beside a paragraph, is a line of its own: "H" in a 36 pt font, then
 * "arbour pilots have …" in 10 pt. It is joined to the line it opens ("Harbour pilots have …"; "The", whose rest "he"
 * is a word too, the same way), so that the first word is whole in quotes and search.
 */
function joinDropCaps(lines: readonly TextLine[], words: Pick<WordList, 'has'>): TextLine[] {
  const out: TextLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const [letter, next] = [lines[i], lines[i + 1]];
    // Prose follows a drop cap; a large operator ("∑" set as "X") has its indices and formula beside it.
    if (next && /^\p{Lu}$/u.test(letter.text) && letter.fontSize >= DROP_CAP_SIZE * next.fontSize && /^\p{Ll}+(?=[\s,.])/u.test(next.text) && next.text.length >= 30) {
      // "A" and "I" are words of their own: "A" then "new bell" stays two words, "A" then "nchors" is one.
      const rest = /^\p{Ll}+/u.exec(next.text)?.[0] ?? '';
      const apart = /^[AI]$/.test(letter.text) && (words.has(rest) || !words.has((letter.text + rest).toLowerCase()));
      // The paragraph begins at the letter.
      out.push({ ...next, text: letter.text + (apart ? ' ' : '') + next.text, paragraphBreak: letter.paragraphBreak || next.paragraphBreak });
      i++;
    } else {
      out.push(letter);
    }
  }
  return out;
}
/** A drop cap spans two lines or more: twice the size of the text beside it, at least. */
const DROP_CAP_SIZE = 2;

/**
 * A word as any script writes it: letters (at least two), marks, digits, inner apostrophes and hyphens, with
 * punctuation around it ("(Okafor,", "本文提出了一种方法，").
 */
const WORD_LIKE = /^[\p{P}\p{S}]*(?=(?:[^\p{L}]*\p{L}){2})[\p{L}\p{M}\p{N}]+(?:['’\-][\p{L}\p{M}\p{N}]+)*[\p{P}\p{S}]*$/u;
/** Below this share of word-like tokens the text is symbol soup: the 65 readable shared PDFs are all above 0.68, the soup 0.003. */
const MIN_WORD_SHARE = 0.3;

/**
 * Text from fonts pdf.js could not map: mostly private-use or control code points, or (a custom encoding without a
 * Unicode map) Latin-1 symbols in place of letters: "¥+¦§©¨j¤_L¤«ªc r¬N ®".
 */
export function unreadableText(pages: readonly string[]): boolean {
  const sample = pages.join('\n').slice(0, 20_000);
  const visible = sample.replace(/\s/g, '');
  if (visible.length === 0) return true;
  const junk = (visible.match(/[\u0000-\u001f\ue000-\uf8ff\ufffd]/gu) ?? []).length;
  if (junk / visible.length > 0.3) return true;
  const tokens = sample.split(/\s+/).filter(Boolean);
  if (tokens.length < 50 || tokens.filter((t) => WORD_LIKE.test(t)).length / tokens.length >= MIN_WORD_SHARE) return false;
  // Few words could also be a page of formulas; glyphs read as Latin-1 symbols (¥ ¦ § ¨ ª ¬ ¯ ±) are what give the soup away.
  const latin1Symbols = (visible.match(/[\u00a1-\u00bf\u00d7\u00f7]/gu) ?? []).length;
  return latin1Symbols / visible.length > 0.05;
}

async function readInfo(doc: PdfjsDocument): Promise<InfoFields> {
  try {
    const { info, metadata } = await doc.getMetadata();
    const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
    const xmp = (name: string) => {
      try {
        const v = metadata?.get(name);
        if (typeof v === 'string') return v;
        if (Array.isArray(v)) return v.filter((x) => typeof x === 'string').join('; ');
      } catch {
        /* malformed XMP: ignore */
      }
      return undefined;
    };
    const identifiers = [xmp('dc:identifier'), xmp('prism:doi'), xmp('pdfx:doi'), str(info?.['doi'])].filter((v): v is string => !!v);
    return {
      title: str(info?.Title),
      author: str(info?.Author),
      subject: str(info?.Subject),
      keywords: str(info?.Keywords),
      creationDate: str(info?.CreationDate),
      xmpTitle: xmp('dc:title'),
      xmpIdentifiers: identifiers,
    };
  } catch {
    return {};
  }
}
