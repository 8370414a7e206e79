import sanitizeHtml from 'sanitize-html';

// Story bodies come from the admin's Tiptap editor, but they are cleaned with this one allowlist
// at save and again at render, so a row written any other way still can't carry script.

const allowedTags = [
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'figure',
  'figcaption',
  'img',
  'code',
  'pre',
];

// Their content is code, markup for another parser, or form state; never prose to keep as text.
const discardedWithContent = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'select',
  'option',
  'title',
  'xmp',
  'noembed',
  'math',
  'svg',
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const POSITIVE_INTEGER = /^[1-9][0-9]*$/;
// 'url 400w' or 'url 2x'; the URL may not end in a comma, which would start a new candidate.
const SRCSET_CANDIDATE = /^(\S*[^\s,])(?:\s+([0-9]+w|[0-9]+(?:\.[0-9]+)?x))?$/;

/** The URL trimmed, or null if it hides control characters: the URL parser drops a tab in `java\tscript:`. */
function cleanUrl(value: string | undefined): string | null {
  if (value === undefined) return null;
  const url = value.trim();
  const hasControl = [...url].some((char) => char <= '\u001f' || char === '\u007f');
  return hasControl ? null : url;
}

// '//host' and '/\host' are other sites to a browser, not paths on this one.
const isSitePath = (url: string) => /^\/(?![/\\])/.test(url);
const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

function linkHref(value: string | undefined): string | null {
  const url = cleanUrl(value);
  return url !== null && (isSitePath(url) || isWebUrl(url) || /^mailto:/i.test(url)) ? url : null;
}

function imageUrl(value: string | undefined): string | null {
  const url = cleanUrl(value);
  return url !== null && (isSitePath(url) || /^https:\/\//i.test(url)) ? url : null;
}

/**
 * Keeps the srcset candidates whose URL is allowed; a candidate we can't read is dropped. Split at
 * ', ' and not at every comma: a URL holds no whitespace, but it may hold commas.
 */
function imageSrcset(value: string | undefined): string | null {
  if (value === undefined) return null;
  const kept = value.split(/,\s+/).flatMap((candidate) => {
    const match = SRCSET_CANDIDATE.exec(candidate.trim());
    return match !== null && imageUrl(match[1]) !== null ? [match[0].replace(/\s+/, ' ')] : [];
  });
  return kept.length > 0 ? kept.join(', ') : null;
}

const positiveInteger = (value: string | undefined) =>
  value !== undefined && POSITIVE_INTEGER.test(value) ? value : null;

/** The attributes that survived, in a fixed order so a second pass gives the same string. */
function present(attribs: Record<string, string | null | undefined>): sanitizeHtml.Attributes {
  return Object.fromEntries(
    Object.entries(attribs).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

function cleanLink(_tag: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const href = linkHref(attribs.href);
  // rel is ours to set, never the writer's: only links that leave the site get it.
  const rel = href !== null && isWebUrl(href) ? 'noopener noreferrer' : null;
  return { tagName: 'a', attribs: present({ href, rel }) };
}

function cleanImage(_tag: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const loading = attribs.loading === 'lazy' || attribs.loading === 'eager' ? attribs.loading : null;
  return {
    tagName: 'img',
    attribs: present({
      src: imageUrl(attribs.src),
      srcset: imageSrcset(attribs.srcset),
      sizes: attribs.sizes,
      // alt is required in valid HTML; an image the writer left undescribed is decoration.
      alt: attribs.alt ?? '',
      width: positiveInteger(attribs.width),
      height: positiveInteger(attribs.height),
      loading,
    }),
  };
}

function cleanFigure(_tag: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const artworkId = attribs['data-artwork-id'];
  return {
    tagName: 'figure',
    attribs: present({
      class: attribs.class,
      'data-artwork-id': artworkId !== undefined && UUID.test(artworkId) ? artworkId : null,
    }),
  };
}

const options: sanitizeHtml.IOptions = {
  allowedTags,
  allowedAttributes: {
    a: ['href', 'rel'],
    img: ['src', 'srcset', 'sizes', 'alt', 'width', 'height', 'loading'],
    figure: ['data-artwork-id'],
  },
  allowedClasses: { figure: ['story-artwork', 'story-image'] },
  nonTextTags: discardedWithContent,
  // A second line behind the checks in the transforms above.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  transformTags: { a: cleanLink, img: cleanImage, figure: cleanFigure },
  // An image whose source was removed would be an empty box: drop it.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/**
 * Story HTML reduced to the allowlist above; safe to render with dangerouslySetInnerHTML. Run
 * until it no longer changes (at most four times): a dropped element can leave its children
 * nested where HTML cannot nest them ('<p><text <p><p>' became '<p><p></p></p>', which a browser
 * reads as three paragraphs), and what is stored must be what a browser will read.
 */
export function sanitizeStoryHtml(html: string): string {
  let clean = sanitizeHtml(html, options);
  for (let pass = 1; pass < 4; pass++) {
    const again = sanitizeHtml(clean, options);
    if (again === clean) break;
    clean = again;
  }
  return clean;
}
