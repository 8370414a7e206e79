import { describe, expect, it } from 'vitest';
import { absoluteUrls, storiesRss, type FeedStory } from './feed';

const origin = 'https://elenamarsh.example';

const story = (overrides: Partial<FeedStory> = {}): FeedStory => ({
  slug: 'quiet-hour-at-dulwich-park-lake',
  title: 'Painting Stillness: Quiet Hour at Dulwich Park Lake',
  excerpt: 'How a daily walk past the boating lake became the first painting in the series.',
  category: 'Sanctuaries of the Mind',
  author: 'Elena Marsh',
  publishedAt: new Date('2025-03-06T09:00:00Z'),
  updatedAt: new Date('2025-04-01T10:00:00Z'),
  imageUrl: '/blog/1.webp',
  tags: ['therapy rooms', 'mist'],
  content: '<h2>Backstory</h2><p>See <a href="/gallery/sanctuaries-of-the-mind/quiet-hour">the painting</a>.</p>',
  ...overrides,
});

const items = (xml: string) => xml.split('<item>').slice(1);

// XML tokens: CDATA, a start/end/empty tag with double-quoted attributes, an entity, or other
// text (which may not hold ']]>').
const XML_TOKEN =
  /<!\[CDATA\[[\s\S]*?\]\]>|<(\/?)([A-Za-z][\w:.-]*)(?:\s+[\w:.-]+="[^"<&]*(?:&(?:amp|lt|gt|quot|apos);[^"<&]*)*")*\s*(\/?)>|&(?:amp|lt|gt|quot|apos);|(?:[^<&\]]|\](?!\]>))+/y;

/** Whether the document is well-formed XML as the feed package writes it: tokens valid, tags nested. */
function isWellFormed(xml: string): boolean {
  const body = xml.replace(/^<\?xml [^?]*\?>/, '');
  const open: string[] = [];
  XML_TOKEN.lastIndex = 0;
  while (XML_TOKEN.lastIndex < body.length) {
    const token = XML_TOKEN.exec(body);
    if (token === null) return false;
    const [, closing, name, selfClosing] = token;
    if (name === undefined || selfClosing) continue;
    if (!closing) open.push(name);
    else if (open.pop() !== name) return false;
  }
  return open.length === 0;
}

describe('storiesRss', () => {
  it('writes an RSS 2.0 channel for the blog', () => {
    const xml = storiesRss(origin, [story()]);
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain(
      '<atom:link href="https://elenamarsh.example/blog/rss.xml" rel="self" type="application/rss+xml"/>',
    );
    expect(xml).toContain('<title>Elena Marsh Watercolours: Blog</title>');
    expect(xml).toContain('<link>https://elenamarsh.example/blog</link>');
    expect(xml).toContain(
      '<description>Stories behind Elena Marsh’s calming watercolours: the places, the techniques and the rooms the Sanctuaries of the Mind paintings were made for.</description>',
    );
    expect(xml).toContain('<language>en-GB</language>');
    expect(xml).toContain('<url>https://elenamarsh.example/images/artist-portrait-400.webp</url>');
    expect(isWellFormed(xml)).toBe(true);
  });

  it('dates the channel from the stories, not the clock', () => {
    const older = story({
      slug: 'older',
      publishedAt: new Date('2024-11-14T09:00:00Z'),
      updatedAt: new Date('2026-02-01T08:00:00Z'),
    });
    const xml = storiesRss(origin, [story(), older]);
    expect(xml).toContain('<copyright>© 2025 Elena Marsh</copyright>');
    expect(xml).toContain('<lastBuildDate>Sun, 01 Feb 2026 08:00:00 GMT</lastBuildDate>');
  });

  it('gives the same string for the same stories', () => {
    const stories = [story(), story({ slug: 'second' })];
    expect(storiesRss(origin, stories)).toBe(storiesRss(origin, stories));
  });

  it('writes an empty channel when there are no stories', () => {
    const xml = storiesRss(origin, []);
    expect(xml).not.toContain('<item>');
    expect(xml).toContain('<copyright>© 2026 Elena Marsh</copyright>');
    expect(xml).toContain('<lastBuildDate>Thu, 01 Jan 2026 00:00:00 GMT</lastBuildDate>');
    expect(xml).toBe(storiesRss(origin, []));
    expect(isWellFormed(xml)).toBe(true);
  });

  it('links each item to its absolute story address, in the order given', () => {
    const xml = storiesRss(`${origin}/`, [story({ slug: 'newest' }), story({ slug: 'older' })]);
    const [first, second] = items(xml);
    expect(first).toContain('<link>https://elenamarsh.example/blog/newest</link>');
    expect(first).toContain('<guid isPermaLink="false">https://elenamarsh.example/blog/newest</guid>');
    expect(second).toContain('<link>https://elenamarsh.example/blog/older</link>');
  });

  it('describes each item with its excerpt, date, author, categories and image', () => {
    const [item] = items(storiesRss(origin, [story()]));
    expect(item).toContain(
      '<description><![CDATA[How a daily walk past the boating lake became the first painting in the series.]]></description>',
    );
    expect(item).toContain('<pubDate>Thu, 06 Mar 2025 09:00:00 GMT</pubDate>');
    expect(item).toContain('<author>Elena Marsh</author>');
    expect(item).toContain(
      '<category>Sanctuaries of the Mind</category>\n            <category>therapy rooms</category>\n            <category>mist</category>',
    );
    expect(item).toContain('<enclosure url="https://elenamarsh.example/blog/1.webp" length="0" type="image/webp"/>');
  });

  it('makes site URLs in the content absolute and cleans it again', () => {
    const content =
      '<p><a href="/gallery/x/y">Painting</a> <a href="https://www.tate.org.uk/">Tate</a> <a href="mailto:studio@example.com">Mail</a></p>' +
      '<img src="/media/a-800.webp" srcset="/media/a-400.webp 400w, https://cdn.example/a.webp 800w" alt="A"><script>alert(1)</script>';
    const [item] = items(storiesRss(origin, [story({ content })]));
    expect(item).toContain(
      '<content:encoded><![CDATA[<p><a href="https://elenamarsh.example/gallery/x/y">Painting</a> <a href="https://www.tate.org.uk/" rel="noopener noreferrer">Tate</a> <a href="mailto:studio@example.com">Mail</a></p>' +
        '<img src="https://elenamarsh.example/media/a-800.webp" srcset="https://elenamarsh.example/media/a-400.webp 400w, https://cdn.example/a.webp 800w" alt="A" />]]></content:encoded>',
    );
  });

  it('keeps special characters well-formed', () => {
    const xml = storiesRss(origin, [
      story({
        title: 'Salt & <Light>: a fisherman’s hut',
        excerpt: 'Mist & calm ]]> then ]]> again',
        tags: ['calm & quiet'],
        author: 'Elena\u0000 Marsh',
      }),
    ]);
    // CDATA keeps '&' and '<' as they are; text elements escape them.
    expect(xml).toContain('<title><![CDATA[Salt & <Light>: a fisherman’s hut]]></title>');
    expect(xml).toContain('<description><![CDATA[Mist & calm ]]&gt; then ]]&gt; again]]></description>');
    expect(xml).toContain('<category>calm &amp; quiet</category>');
    expect(xml).toContain('<author>Elena Marsh</author>');
    expect(isWellFormed(xml)).toBe(true);
  });
});

describe('isWellFormed, the check used above', () => {
  it('rejects broken XML', () => {
    expect(isWellFormed('<a><b></a></b>')).toBe(false);
    expect(isWellFormed('<a>x & y</a>')).toBe(false);
    expect(isWellFormed('<a>x <b</a>')).toBe(false);
    expect(isWellFormed('<a><![CDATA[x ]]> y ]]></a>')).toBe(false);
    expect(isWellFormed('<a>')).toBe(false);
    expect(isWellFormed('<a href="x"><![CDATA[<b>&]]>&amp;<c/></a>')).toBe(true);
  });
});

describe('absoluteUrls', () => {
  it('makes site paths absolute in href, src and srcset', () => {
    expect(absoluteUrls('<a href="/about">About</a>', origin)).toBe(
      '<a href="https://elenamarsh.example/about">About</a>',
    );
    expect(absoluteUrls('<img src="/a.webp" srcset="/a-400.webp 400w, /a-800.webp 800w" alt="" />', origin)).toBe(
      '<img src="https://elenamarsh.example/a.webp" srcset="https://elenamarsh.example/a-400.webp 400w, https://elenamarsh.example/a-800.webp 800w" alt="" />',
    );
  });

  it('leaves absolute, mailto and protocol-relative URLs alone', () => {
    const html =
      '<a href="https://www.tate.org.uk/" rel="noopener noreferrer">Tate</a><a href="mailto:a@example.com">Mail</a><img src="https://cdn.example/a.webp" alt="" />';
    expect(absoluteUrls(html, origin)).toBe(html);
    expect(absoluteUrls('<a href="//evil.example">x</a>', origin)).toBe('<a href="//evil.example">x</a>');
  });

  it('changes attributes only, never text that looks like one', () => {
    expect(absoluteUrls('<p>Write href="/about" in the link box</p>', origin)).toBe(
      '<p>Write href="/about" in the link box</p>',
    );
  });

  it('uses the origin without a trailing slash or path', () => {
    expect(absoluteUrls('<a href="/about">About</a>', 'https://elenamarsh.example/blog/')).toBe(
      '<a href="https://elenamarsh.example/about">About</a>',
    );
  });
});
