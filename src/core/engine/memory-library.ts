// An in-memory PaperLookup: for evaluation data sets, tests and benchmarks (the SQLite store is the real one).
import type { PaperLookup, PaperRecord } from '../types';

export class MemoryLibrary implements PaperLookup {
  private readonly byKey = new Map<string, PaperRecord>();

  constructor(records: Iterable<PaperRecord> = []) {
    for (const r of records) this.byKey.set(r.key, r);
  }

  add(record: PaperRecord): void {
    this.byKey.set(record.key, record);
  }

  getPaper(key: string): PaperRecord | undefined {
    return this.byKey.get(key);
  }

  hasKey(key: string): boolean {
    return this.byKey.has(key);
  }

  keys(): string[] {
    return [...this.byKey.keys()];
  }
}
