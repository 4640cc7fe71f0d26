// Item 5: Zotero's database read as a user's machine may hold it.
// - Another process holds a write transaction whose pages SQLite already spilled into zotero.sqlite (the old pages
//   are in zotero.sqlite-journal): the import must keep the committed abstract, not the one about to be rolled back.
// - zotero.sqlite is a FIFO: the import hung forever (and a killed run left its temporary folder behind).
// - zotero.sqlite is a directory: the import said a raw "EISDIR … copyfile".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type DatabaseType from 'better-sqlite3';
import { buildZoteroDataDir, holdUncommittedAbstract } from '../../../test/support/zotero-fixture';
import type { HostileCase } from '../case';

const TITLE = 'Lichen Growth Rates on Granite Headstones';
const COMMITTED = 'Lichens on granite headstones grow two millimetres a year, and we date forty graveyards from them.';
const ROLLED_BACK = 'An abstract another program wrote and then rolled back: it was never in the library.';

function openDb(file: string, options?: DatabaseType.Options): DatabaseType.Database {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return new (require('better-sqlite3') as typeof DatabaseType)(file, options);
}

/** A library of one entry, indexed, beside a Zotero data directory holding the same work. */
function libraryAndZotero(dir: string, cli: string): string {
  writeFileSync(path.join(dir, 'refs.bib'), `@article{hollis2016, author = {Hollis, Ada}, title = {${TITLE}}, year = 2016}\n`);
  const indexed = spawnSync(process.execPath, [cli, 'index', '--db', 'library.db', '--bib', 'refs.bib', '--quiet'], { cwd: dir, encoding: 'utf8' });
  if (indexed.status !== 0) throw new Error(`index failed: ${indexed.stderr}`);
  return buildZoteroDataDir(path.join(dir, 'Zotero'), [{ key: 'AAAA2222', title: TITLE, abstract: COMMITTED, date: '2016', creators: [['Ada', 'Hollis']] }]);
}

/** The temporary folders a run left in its TMPDIR. */
function leftovers(tmp: string): string[] {
  return readdirSync(tmp).filter((f) => f.startsWith('citescribe-zotero-'));
}

const rolledBack: HostileCase = (() => {
  let kept: string | undefined;
  return {
    item: 5,
    name: 'zotero-uncommitted-write',
    limitSeconds: 30,
    prepare(dir, cli) {
      const zotero = libraryAndZotero(dir, cli);
      const writer = holdUncommittedAbstract(zotero, TITLE, ROLLED_BACK);
      return {
        args: ['zotero', '--db', 'library.db', '--data-dir', 'Zotero', '--json'],
        cleanup() {
          writer.rollback();
          const db = openDb(path.join(dir, 'library.db'), { readonly: true });
          kept = (db.prepare(`SELECT abstract FROM found_abstracts WHERE entry_key = 'hollis2016'`).get() as { abstract: string } | undefined)?.abstract;
          db.close();
        },
      };
    },
    check(o) {
      if (o.code !== 0) return `exit ${o.code}: ${o.stderr.trim().split('\n').pop()}`;
      if (kept === ROLLED_BACK) return 'kept the abstract of a transaction that was rolled back';
      if (kept !== COMMITTED) return `kept ${JSON.stringify(kept)}, not Zotero's committed abstract`;
      return null;
    },
  };
})();

function notAFileCase(name: string, make: (file: string) => void, says: RegExp): HostileCase {
  let left: string[] = [];
  return {
    item: 5,
    name,
    limitSeconds: 20,
    prepare(dir, cli) {
      writeFileSync(path.join(dir, 'refs.bib'), `@article{hollis2016, author = {Hollis, Ada}, title = {${TITLE}}, year = 2016}\n`);
      const indexed = spawnSync(process.execPath, [cli, 'index', '--db', 'library.db', '--bib', 'refs.bib', '--quiet'], { cwd: dir, encoding: 'utf8' });
      if (indexed.status !== 0) throw new Error(`index failed: ${indexed.stderr}`);
      mkdirSync(path.join(dir, 'Zotero'));
      make(path.join(dir, 'Zotero', 'zotero.sqlite'));
      const tmp = path.join(dir, 'tmp');
      mkdirSync(tmp);
      return {
        args: ['zotero', '--db', 'library.db', '--data-dir', 'Zotero'],
        env: { TMPDIR: tmp },
        cleanup: () => void (left = leftovers(tmp)),
      };
    },
    check(o) {
      if (o.code === 0) return 'exit 0 on a zotero.sqlite that is no database file';
      const said = o.stderr.trim().split('\n').pop() ?? '';
      if (!says.test(said) || !said.includes('zotero.sqlite') || /EISDIR|copyfile/.test(said)) return `unclear message: ${said}`;
      if (left.length) return `left its temporary folder behind: ${left.join(', ')}`;
      return null;
    },
  };
}

export default [
  rolledBack,
  notAFileCase('zotero-sqlite-is-a-fifo', (file) => spawnSync('mkfifo', [file]), /FIFO/),
  notAFileCase('zotero-sqlite-is-a-directory', (file) => mkdirSync(file), /directory/),
];
