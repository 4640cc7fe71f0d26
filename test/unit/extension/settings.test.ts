import { strict as assert } from 'assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { settingsFrom, type SettingsSection } from '../../../src/extension/settings-values';

/** A configuration section as VS Code gives it: the user's values, else the defaults package.json declares. */
function section(user: Record<string, unknown>): SettingsSection {
  const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../package.json'), 'utf8'));
  const declared: Record<string, { default?: unknown }> = manifest.contributes.configuration.properties ?? {};
  const value = (key: string) => (key in user ? user[key] : declared[`citescribe.${key}`]?.default);
  return {
    get: <T>(key: string, fallback?: T) => (value(key) ?? fallback) as T,
    inspect: <T>(key: string) => ({ globalValue: user[key] as T | undefined }),
  };
}

describe('editor settings: the services Verify References asks', () => {
  it('asks DBLP when citescribe.verify.sources names it, in the order given', () => {
    assert.deepEqual(settingsFrom(section({ 'verify.sources': ['dblp', 'crossref'] })).verifySources, ['dblp', 'crossref']);
  });

  it('offers DBLP for Verify References, not for Find Abstracts Online, which cannot use it', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../package.json'), 'utf8'));
    const properties = manifest.contributes.configuration.properties;
    assert.ok(properties['citescribe.verify.sources'].items.enum.includes('dblp'));
    assert.ok(!properties['citescribe.enrich.sources'].items.enum.includes('dblp'));
  });

  it('left empty, asks the services of citescribe.enrich.sources that can verify, as before', () => {
    assert.deepEqual(settingsFrom(section({})).verifySources, ['openalex', 'semanticscholar', 'crossref', 'arxiv']);
    assert.deepEqual(settingsFrom(section({ 'enrich.sources': ['arxiv', 'openalex'] })).verifySources, ['arxiv', 'openalex']);
  });
});
