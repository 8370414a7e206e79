import { describe, expect, it } from 'vitest';
import { ALT_TEXT_MAX } from '@/lib/artworks/admin/schema';
import { defaultAltText, titleFromFileName } from './item-defaults';

describe('default item title: the file name without its extension, underscores as spaces', () => {
  it.each([
    ['Quiet_Hour_at_Dulwich.jpg', 'Quiet Hour at Dulwich'],
    ['harbour-light.JPEG', 'harbour-light'],
    ['Blue__Hour_.webp', 'Blue Hour'],
    ['St._Ives_Bay.v2.png', 'St. Ives Bay.v2'],
    ['no extension', 'no extension'],
    ['.jpg', '.jpg'],
  ])('%s → %s', (fileName, title) => {
    expect(titleFromFileName(fileName)).toBe(title);
  });
});

describe('default alt text: a sentence naming the artist and the title, within 125 characters', () => {
  it('names the artist and the title', () => {
    expect(defaultAltText('Harbour Light', 'Elena Marsh')).toBe('Watercolour painting “Harbour Light” by Elena Marsh.');
  });

  it('uses the site’s artist by default', () => {
    expect(defaultAltText('Harbour Light')).toContain('Elena Marsh');
  });

  it('shortens a long title so the sentence keeps the artist and stays within the limit', () => {
    const title =
      'A very long title about the morning mist rising over the lake in Dulwich Park, with herons and the first joggers of the day';
    const alt = defaultAltText(title, 'Elena Marsh');
    expect(alt.length).toBeLessThanOrEqual(ALT_TEXT_MAX);
    expect(alt.length).toBeGreaterThan(ALT_TEXT_MAX - 3);
    expect(alt).toMatch(/^Watercolour painting “A very long title .*…” by Elena Marsh\.$/);
  });

  it('is never over the limit, whatever the title', () => {
    for (let n = 0; n < 300; n += 7) expect(defaultAltText('x'.repeat(n)).length).toBeLessThanOrEqual(ALT_TEXT_MAX);
  });

  it('still says something without a title', () => {
    expect(defaultAltText('   ', 'Elena Marsh')).toBe('A watercolour painting by Elena Marsh.');
  });
});
