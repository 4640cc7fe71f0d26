import { strict as assert } from 'assert';
import { escapeMarkdown } from '../../../src/core/text/markdown';

/** What a CommonMark reader would see as syntax: an unescaped special character. */
function unescapedSpecials(md: string): string[] {
  const found: string[] = [];
  for (let i = 0; i < md.length; i++) {
    if (md[i] === '\\') {
      i++;
      continue;
    }
    if ('`*_[]()!<>'.includes(md[i])) found.push(md[i]);
  }
  return found;
}

describe('escapeMarkdown: user text shown in hovers', () => {
  it('turns a hostile citation key into plain characters: no image, no command link, no code span', () => {
    const key = 'x` ![](https://evil.example/p.png) [Open](command:citescribe.openSource?%5B%7B%7D%5D)';
    const md = escapeMarkdown(key);
    assert.deepEqual(unescapedSpecials(md), []);
    assert.ok(!md.includes('https://'), 'the URL is no longer a linkifiable URL');
    // Unescaped and without the zero-width spaces, it reads as the key.
    assert.equal(md.replace(/\\(.)/g, '$1').replace(/\u200b/g, ''), key);
  });

  it('makes bare URLs and www addresses in titles inert', () => {
    const md = escapeMarkdown('Data at https://example.org/x and www.example.org');
    assert.ok(!/https?:\/\//.test(md.replace(/\\/g, '')));
    assert.ok(!/www\./.test(md.replace(/\\/g, '')));
  });

  it('keeps a title on one line and leaves letters and spaces alone', () => {
    assert.equal(escapeMarkdown('Generative Adversarial Nets'), 'Generative Adversarial Nets');
    assert.equal(escapeMarkdown('A\nB'), 'A B');
    assert.equal(escapeMarkdown('<img src=x>'), '\\<img src=x\\>');
    assert.equal(escapeMarkdown('Image-to-Image Translation'), 'Image-to-Image Translation');
    assert.equal(escapeMarkdown('1. Introduction'), '1\\. Introduction');
    assert.equal(escapeMarkdown('- item'), '\\- item');
  });
});
