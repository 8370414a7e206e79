import { describe, expect, it } from 'vitest';
import {
  artworkCardAttrsFrom,
  artworkCardHtml,
  artworkCardSpec,
  type ArtworkCardAttrs,
  type CardElement,
} from '@/lib/rich-text/artwork-card';
import { safeImageSrc, safeLinkHref } from '@/lib/rich-text/links';

describe('safeLinkHref: the addresses a story may link to', () => {
  it.each([
    ['https://example.com', 'https://example.com'],
    ['http://example.com/a?b=c#d', 'http://example.com/a?b=c#d'],
    ['HTTPS://Example.com/Path', 'HTTPS://Example.com/Path'],
    ['mailto:artist@example.com', 'mailto:artist@example.com'],
    ['mailto:artist@example.com?subject=A%20painting', 'mailto:artist@example.com?subject=A%20painting'],
    ['/gallery/misty-morning', '/gallery/misty-morning'],
    ['/', '/'],
    ['  https://example.com  ', 'https://example.com'],
  ])('accepts %j', (input, expected) => {
    expect(safeLinkHref(input)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\u200bscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'https:evil.example',
    'https:///evil.example',
    'https://',
    'http://exa mple.com',
    'https://example.com/\tpath',
    'mailto:',
    'mailto:nobody',
    'ftp://example.com',
    'example.com',
    'gallery/painting',
    '#top',
    '',
    '   ',
  ])('refuses %j', (input) => {
    expect(safeLinkHref(input)).toBeNull();
  });

  it('refuses what is not a string (the Link mark asks about a missing href)', () => {
    expect(safeLinkHref(undefined)).toBeNull();
    expect(safeLinkHref(null)).toBeNull();
  });
});

describe('safeImageSrc: the images a story may show', () => {
  it('accepts http(s) and site paths, refuses email, data: and blob: addresses', () => {
    expect(safeImageSrc('https://cdn.example.com/a.webp')).toBe('https://cdn.example.com/a.webp');
    expect(safeImageSrc('/images/a-768.webp')).toBe('/images/a-768.webp');
    expect(safeImageSrc('mailto:artist@example.com')).toBeNull();
    expect(safeImageSrc('data:image/png;base64,AAAA')).toBeNull();
    expect(safeImageSrc('blob:https://example.com/1234')).toBeNull();
    expect(safeImageSrc('javascript:alert(1)')).toBeNull();
  });
});

type FakeElement = CardElement & { tag: string; descendants: FakeElement[] };

/** Enough of an Element, built from a spec, for artworkCardAttrsFrom: `tag` and `tag[attr]` selectors. */
function element(spec: unknown): FakeElement {
  const [tag, ...rest] = spec as [string, ...unknown[]];
  const first = rest[0];
  const attrs =
    first && typeof first === 'object' && !Array.isArray(first) ? (rest.shift() as Record<string, string>) : {};
  const parts = rest.map((child) => (Array.isArray(child) ? element(child) : String(child)));
  const children = parts.filter((part): part is FakeElement => typeof part !== 'string');
  const descendants = children.flatMap((child) => [child, ...child.descendants]);
  return {
    tag,
    descendants,
    textContent: parts.map((part) => (typeof part === 'string' ? part : part.textContent)).join(''),
    getAttribute: (name) => attrs[name] ?? null,
    querySelector(selector) {
      const [, wanted, attr] = /^(\w+)(?:\[([\w-]+)\])?$/.exec(selector) ?? [];
      return descendants.find((node) => node.tag === wanted && (!attr || node.getAttribute(attr) !== null)) ?? null;
    },
  };
}

const card: ArtworkCardAttrs = {
  id: 'a1b2',
  path: '/gallery/misty-morning',
  title: 'Misty "Morning" & Moor',
  thumbUrl: 'https://cdn.example.com/misty-320.webp',
  width: 320,
  height: 240,
};

describe('the painting card in a story', () => {
  it('is saved as the figure the public story page expects', () => {
    expect(artworkCardHtml(card)).toBe(
      '<figure class="story-artwork" data-artwork-id="a1b2"><a href="/gallery/misty-morning"><img src="https://cdn.example.com/misty-320.webp" alt="Misty &quot;Morning&quot; &amp; Moor" width="320" height="240" loading="lazy"></a><figcaption><a href="/gallery/misty-morning">Misty "Morning" &amp; Moor</a></figcaption></figure>',
    );
  });

  it('leaves width and height out when they are not known', () => {
    expect(artworkCardHtml({ ...card, width: null, height: null })).toContain(
      '<img src="https://cdn.example.com/misty-320.webp" alt="Misty &quot;Morning&quot; &amp; Moor" loading="lazy">',
    );
  });

  it('never writes an address that is not a path on this site', () => {
    const saved = artworkCardHtml({ ...card, path: 'javascript:alert(1)', thumbUrl: 'data:image/png;base64,AAAA' });
    expect(saved).not.toContain('javascript:');
    expect(saved).not.toContain('data:');
  });

  it('reads a saved card back to the same attributes, so it round-trips through the editor', () => {
    expect(artworkCardAttrsFrom(element(artworkCardSpec(card)))).toEqual(card);
    const unsized = { ...card, width: null, height: null };
    expect(artworkCardAttrsFrom(element(artworkCardSpec(unsized)))).toEqual(unsized);
  });

  it('is not a card when its link or image address is unsafe', () => {
    const figure = (href: string, src: string) =>
      element([
        'figure',
        { class: 'story-artwork', 'data-artwork-id': 'x' },
        ['a', { href }, ['img', { src, alt: 'T' }]],
        ['figcaption', ['a', { href }, 'T']],
      ]);
    expect(artworkCardAttrsFrom(figure('javascript:alert(1)', '/t.webp'))).toBeNull();
    expect(artworkCardAttrsFrom(figure('//evil.example/', '/t.webp'))).toBeNull();
    expect(artworkCardAttrsFrom(figure('/gallery/t', 'data:image/png;base64,AAAA'))).toBeNull();
    expect(artworkCardAttrsFrom(figure('/gallery/t', '/t.webp'))).toMatchObject({
      id: 'x',
      path: '/gallery/t',
      title: 'T',
    });
  });
});
