// What each source answered, kept with its date, so that a long run that stops (Ctrl-C, a network loss, a rate
// limit) goes on where it stopped and a second run asks nothing already answered. One JSON line per answer,
// appended as it arrives: a run killed mid-way loses at most the answer it was waiting for.
import * as fs from 'node:fs';
import type { SourceRecord } from './types';

interface CachedAnswer {
  /** "openalex doi 10.1145/…", "crossref title attention is all you need". */
  key: string;
  records: SourceRecord[];
  /** YYYY-MM-DD. */
  retrieved: string;
}

export interface AnswerCache {
  get(key: string): CachedAnswer | undefined;
  put(answer: CachedAnswer): void;
}

export class MemoryCache implements AnswerCache {
  protected readonly answers = new Map<string, CachedAnswer>();
  get(key: string): CachedAnswer | undefined {
    return this.answers.get(key);
  }
  put(answer: CachedAnswer): void {
    this.answers.set(answer.key, answer);
  }
}

export class FileCache extends MemoryCache {
  /** Lines that could not be read (a line cut short by a killed run): skipped, counted for the report. */
  readonly unreadableLines: number = 0;

  constructor(readonly file: string) {
    super();
    if (!fs.existsSync(file)) return;
    let unreadable = 0;
    const text = fs.readFileSync(file, 'utf8');
    // A run killed mid-write leaves its last line without a newline: end it, or the next answer appended would be
    // glued to it and lost on every later load.
    if (text.length > 0 && !text.endsWith('\n')) fs.appendFileSync(file, '\n');
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      try {
        const answer = JSON.parse(line) as CachedAnswer;
        if (typeof answer.key === 'string' && Array.isArray(answer.records)) this.answers.set(answer.key, answer);
        else unreadable++;
      } catch {
        unreadable++;
      }
    }
    this.unreadableLines = unreadable;
  }

  override put(answer: CachedAnswer): void {
    super.put(answer);
    fs.appendFileSync(this.file, JSON.stringify(answer) + '\n');
  }
}
