import { describe, expect, it } from 'vitest';
import { blogPosts } from '@/lib/seed/blog-posts';
import { readTimeFor, wordCount } from '@/lib/read-time';

const words = (count: number) => `<p>${Array.from({ length: count }, (_, index) => `word${index}`).join(' ')}</p>`;

// The count the seed articles were published with (lib/seed/blog-posts.ts before stories moved
// to the database), kept here so the comparison holds if the seed starts using this module.
const publishedWordCount = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/)
    .filter((word) => /[A-Za-z0-9]/.test(word)).length;

describe('readTimeFor', () => {
  it('is at least one minute', () => {
    expect(readTimeFor('')).toBe('1 min read');
    expect(readTimeFor('<p></p>')).toBe('1 min read');
  });

  it('reads 200 words a minute, rounding up', () => {
    expect(readTimeFor(words(200))).toBe('1 min read');
    expect(readTimeFor(words(201))).toBe('2 min read');
    expect(readTimeFor(words(600))).toBe('3 min read');
    expect(readTimeFor(words(1000))).toBe('5 min read');
  });

  it('gives the seed articles the read time they were published with', () => {
    expect(blogPosts).toHaveLength(6);
    for (const post of blogPosts) {
      expect(wordCount(post.content)).toBe(publishedWordCount(post.content));
      expect(readTimeFor(post.content)).toBe(post.readTime);
    }
  });
});

describe('wordCount', () => {
  it('counts the words of the text', () => {
    expect(wordCount('<h2>Backstory</h2>\n<p>Soft washes of <em>sage</em> and lavender.</p>')).toBe(7);
    expect(wordCount(words(1000))).toBe(1000);
  });

  it('does not count tags or attributes', () => {
    expect(wordCount('<p>One <img src="/a.webp" alt="many words here"> two</p>')).toBe(2);
    expect(wordCount('<p>One <img alt="a > b words" src="/a.webp"> two</p>')).toBe(2);
    expect(wordCount('<p>One <a href="/gallery/x/y" rel="noopener noreferrer">two</a></p>')).toBe(2);
  });

  it('separates words at breaks between blocks', () => {
    expect(wordCount('<p>end</p><p>start</p>')).toBe(2);
    expect(wordCount('one<br />two')).toBe(2);
  });

  it('reads entities as characters, never as words', () => {
    expect(wordCount('<p>Salt &amp; pepper</p>')).toBe(2);
    expect(wordCount('<p>Quiet&nbsp;Hour</p>')).toBe(2);
    expect(wordCount('<p>fisherman&#8217;s hut</p>')).toBe(2);
    expect(wordCount('<p>fisherman&#x2019;s hut</p>')).toBe(2);
    expect(wordCount('<p>Type &lt;b&gt; for bold</p>')).toBe(4);
    expect(wordCount('<p>Wait &hellip; &mdash; then</p>')).toBe(2);
    expect(wordCount('<p>&amp; &nbsp; &#8212;</p>')).toBe(0);
  });

  it('counts letters and digits in any script, but not punctuation alone', () => {
    expect(wordCount('<p>Café Zürich 2024 — … ! «»</p>')).toBe(3);
    expect(wordCount('<p>Ελένη 水彩</p>')).toBe(2);
  });

  it('counts the caption of a painting card', () => {
    const card =
      '<figure class="story-artwork" data-artwork-id="3f1c2a4e-8b7d-4c2e-9a1b-2d3e4f5a6b7c"><a href="/gallery/landscapes/box-hill"><img src="/media/landscapes/box-hill-400.webp" alt="Box Hill" width="400" height="300" loading="lazy" /></a><figcaption><a href="/gallery/landscapes/box-hill">Box Hill</a></figcaption></figure>';
    expect(wordCount(card)).toBe(2);
  });
});
