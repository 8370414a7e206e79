import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { categories } from '@/lib/categories';
import { seedArtworks } from './artworks-data';
import { blogPosts } from './blog-posts';
import { carouselSlides, jpgFallback } from './carousel';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

async function size(file: string) {
  const { width, height } = await sharp(file).metadata();
  return { width, height };
}

describe('seed artworks', () => {
  it('has 24 artworks, four in each category', () => {
    expect(seedArtworks).toHaveLength(24);
    for (const category of categories) {
      expect(
        seedArtworks.filter((art) => art.category === category),
        category,
      ).toHaveLength(4);
    }
  });

  it('has unique, well-formed slugs of at most 58 characters', () => {
    const slugs = seedArtworks.map((art) => art.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) {
      expect(slug).toMatch(SLUG);
      expect(slug.length).toBeLessThanOrEqual(58);
    }
  });

  it('keeps text fields within their limits', () => {
    for (const art of seedArtworks) {
      expect(art.imageAlt.length, art.slug).toBeLessThanOrEqual(125);
      expect(art.metaDescription.length, art.slug).toBeGreaterThanOrEqual(150);
      expect(art.metaDescription.length, art.slug).toBeLessThanOrEqual(160);
      expect(art.title.length, art.slug).toBeLessThanOrEqual(60);
      expect(art.seoTitle.length, art.slug).toBeLessThanOrEqual(60);
      expect(art.description.length, art.slug).toBeGreaterThanOrEqual(120);
      expect(art.description.length, art.slug).toBeLessThanOrEqual(220);
      expect(art.story.split('\n\n').length, art.slug).toBeGreaterThanOrEqual(2);
      expect(
        art.tags.every((tag) => tag === tag.toLowerCase()),
        art.slug,
      ).toBe(true);
      expect(art.year).toBeGreaterThanOrEqual(2020);
      expect(art.year).toBeLessThanOrEqual(2026);
      expect(art.isForSale, art.slug).toBe(art.availability !== 'Sold');
    }
  });

  it('has distinct createdDaysAgo values so ordering is deterministic', () => {
    const days = seedArtworks.map((art) => art.createdDaysAgo);
    expect(new Set(days).size).toBe(days.length);
    for (const d of days) expect(Number.isInteger(d) && d >= 1 && d <= 400).toBe(true);
  });

  it('has the three image files on disk for every artwork', () => {
    for (const art of seedArtworks) {
      for (const file of ['display.webp', 'thumb-800.webp', 'thumb-400.webp']) {
        const full = path.join(ROOT, 'seed-assets', 'artworks', art.slug, file);
        expect(fs.existsSync(full), full).toBe(true);
      }
    }
  });
});

describe('carousel', () => {
  it('has six slides with webp and jpg files at 1920×1080', async () => {
    expect(carouselSlides).toHaveLength(6);
    for (const slide of carouselSlides) {
      expect(slide.alt.length).toBeGreaterThan(20);
      for (const url of [slide.imgUrl, jpgFallback(slide.imgUrl)]) {
        const file = path.join(ROOT, 'public', url);
        expect(fs.existsSync(file), file).toBe(true);
        expect(await size(file)).toEqual({ width: 1920, height: 1080 });
      }
    }
    expect(jpgFallback('/carousel/slide-1.webp')).toBe('/carousel/slide-1.jpg');
  });
});

describe('blog posts', () => {
  it('has six posts, each with Backstory, What It Offers and Where It Belongs in order', () => {
    expect(blogPosts).toHaveLength(6);
    for (const post of blogPosts) {
      const headings = [...post.content.matchAll(/<h2>(.*?)<\/h2>/g)].map((m) => m[1]);
      expect(headings, post.slug).toEqual(['Backstory', 'What It Offers', 'Where It Belongs']);
      expect(post.slug).toMatch(SLUG);
      expect(post.metaDescription.length, post.slug).toBeGreaterThanOrEqual(150);
      expect(post.metaDescription.length, post.slug).toBeLessThanOrEqual(160);
      expect(fs.existsSync(path.join(ROOT, 'public', post.imageUrl)), post.imageUrl).toBe(true);
    }
  });
});

describe('shared images', () => {
  it('has a 1200×630 default Open Graph image', async () => {
    expect(await size(path.join(ROOT, 'public', 'og-default.jpg'))).toEqual({ width: 1200, height: 630 });
  });
});
