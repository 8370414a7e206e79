import { describe, expect, it } from 'vitest';
import { STORY_TEXT_MAX, storyPlainText } from './story-text';

describe('storyPlainText: the story as the model reads it', () => {
  it('keeps the words, a paragraph a line, without tags, attributes or entities', () => {
    const html =
      '<h2>The pond</h2><p>Ice on the <strong>water</strong> &amp; a heron.</p><p><img src="/media/a.webp" alt="a > b"><a href="/gallery/x">See the painting</a>&nbsp;now.</p><ul><li>One</li><li>Two</li></ul>';
    expect(storyPlainText(html)).toBe('The pond\nIce on the water & a heron.\nSee the painting now.\nOne\nTwo');
  });

  it('is empty for a story with no words yet', () => {
    expect(storyPlainText('<p></p><p> &nbsp; </p>')).toBe('');
    expect(storyPlainText('')).toBe('');
  });

  it(`is cut at a word to at most ${STORY_TEXT_MAX} characters`, () => {
    const text = storyPlainText(`<p>${'washes of blue '.repeat(1000)}</p>`);
    expect(text.length).toBeLessThanOrEqual(STORY_TEXT_MAX);
    expect(text.endsWith('washes') || text.endsWith('of') || text.endsWith('blue')).toBe(true);
  });
});
