import { describe, expect, it } from 'vitest';
import { swipeMove } from './carousel-frame';

const from = { x: 200, y: 300 };

describe('swipeMove', () => {
  it('moves to the next slide on a swipe right to left, the previous one left to right', () => {
    expect(swipeMove(from, { x: 100, y: 300 })).toBe('next');
    expect(swipeMove(from, { x: 300, y: 300 })).toBe('prev');
  });

  it('moves from 40 px on, not before', () => {
    expect(swipeMove(from, { x: 160, y: 300 })).toBe('next');
    expect(swipeMove(from, { x: 161, y: 300 })).toBeNull();
    expect(swipeMove(from, { x: 240, y: 300 })).toBe('prev');
    expect(swipeMove(from, { x: 239, y: 300 })).toBeNull();
  });

  it('leaves a mostly vertical drag (scrolling the page) and a tap alone', () => {
    expect(swipeMove(from, { x: 150, y: 500 })).toBeNull();
    expect(swipeMove(from, { x: 150, y: 350 })).toBeNull();
    expect(swipeMove(from, { x: 149, y: 350 })).toBe('next');
    expect(swipeMove(from, from)).toBeNull();
  });
});
