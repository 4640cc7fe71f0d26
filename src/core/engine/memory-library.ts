// An in-memory PaperLookup: for evaluation data sets, tests and benchmarks (the SQLite store is the real one).
import { isCollectionAbstract } from '../bibtex/collection-abstract';
import type { PaperLookup, PaperRecord } from '../types';

export class MemoryLibrary implements PaperLookup {
  private readonly byKey = new Map<string, PaperRecord>();
  /** Keys by abstract, to tell a collection's blurb copied into several entries (as the SQLite store does). */
  private readonly byAbstract = new Map<string, Set<string>>();

  constructor(records: Iterable<PaperRecord> = []) {
    for (const r of records) this.add(r);
  }

  add(record: PaperRecord): void {
    const previous = this.byKey.get(record.key)?.abstract;
    if (previous !== undefined) this.byAbstract.get(previous)?.delete(record.key);
    this.byKey.set(record.key, record);
    if (record.abstract !== undefined) {
      const keys = this.byAbstract.get(record.abstract) ?? new Set<string>();
      keys.add(record.key);
      this.byAbstract.set(record.abstract, keys);
    }
  }

  getPaper(key: string): PaperRecord | undefined {
    const record = this.byKey.get(key);
    if (record?.abstract === undefined) return record;
    const sharers = this.byAbstract.get(record.abstract)!;
    if (sharers.size < 2) return record;
    const others = [...sharers].filter((k) => k !== key).map((k) => this.byKey.get(k)!);
    if (!isCollectionAbstract(record, others)) return record;
    const { abstract, ...rest } = record;
    return { ...rest, collectionAbstract: abstract };
  }

  hasKey(key: string): boolean {
    return this.byKey.has(key);
  }

  keys(): string[] {
    return [...this.byKey.keys()];
  }
}
