import { strict as assert } from 'assert';
import { loadedHeavyPackages } from '../../../src/extension/activation';

describe('activation report', () => {
  it('names the heavy packages present in a module cache, by package', () => {
    const cache = {
      '/ext/dist/extension.js': {},
      '/ext/node_modules/better-sqlite3/lib/index.js': {},
      'C:\\ext\\node_modules\\pdfjs-dist\\legacy\\build\\pdf.mjs': {},
      '/ext/node_modules/entities/lib/index.js': {},
    };
    assert.deepEqual(loadedHeavyPackages(cache), ['better-sqlite3', 'pdfjs-dist']);
    assert.deepEqual(loadedHeavyPackages({ '/ext/dist/extension.js': {} }), []);
  });
});
