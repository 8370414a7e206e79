import { describe, expect, it } from 'vitest';
import { filledSlug, typedSlug } from './slug-input';

describe('typedSlug', () => {
  it('leaves a clean slug as it is, caret where it was', () => {
    expect(typedSlug('low-tide', 3)).toEqual({ shown: 'low-tide', caret: 3 });
  });

  it('keeps a trailing hyphen while the next word is on its way', () => {
    expect(typedSlug('low tide ', 9)).toEqual({ shown: 'low-tide-', caret: 9 });
  });

  it('puts the caret after the cleaned text that came before it, not at the end', () => {
    // Typing '!!' after 'Low' in 'Low Tide': the caret stays between 'low' and '-tide'.
    expect(typedSlug('Low!! Tide', 5)).toEqual({ shown: 'low-tide', caret: 3 });
    expect(typedSlug('low--tide', 4)).toEqual({ shown: 'low-tide', caret: 4 });
  });

  it('takes a missing caret position as the end of the text', () => {
    expect(typedSlug('Café Bleu', null)).toEqual({ shown: 'cafe-bleu', caret: 9 });
  });

  it('shows nothing for text that cleans to nothing', () => {
    expect(typedSlug('!!!', 3)).toEqual({ shown: '', caret: 0 });
  });
});

describe('filledSlug', () => {
  it('keeps a typed slug, cleaned', () => {
    expect(filledSlug('low-tide-', 'Something Else')).toBe('low-tide');
  });

  it('makes the slug from the title when it is empty or cleans to nothing', () => {
    expect(filledSlug('', 'Low Tide at Dawn')).toBe('low-tide-at-dawn');
    expect(filledSlug('!!!', 'Low Tide')).toBe('low-tide');
  });

  it('is empty when neither cleans to anything', () => {
    expect(filledSlug('', '???')).toBe('');
  });
});
