import { strict as assert } from 'assert';
describe('toolchain', () => {
  it('runs TypeScript tests on Node 24', () => {
    assert.ok(Number(process.versions.node.split('.')[0]) >= 22);
  });
});
