import crypto from 'node:crypto';
import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from '@/lib/mail/escape-html';
import type { OutgoingMail } from '@/lib/mail/port';
import { discountWords, type DiscountSettings } from './discount-settings';
import { absolute, letterPath, oneClickUnsubscribePath, unsubscribePath } from './links';

/**
 * A letter as an email (docs/product.md, Newsletter): the stories editor's HTML turned into what
 * mail clients show alike, in one 600px column with inline styles only (Gmail drops <style> in
 * some views, Outlook ignores most CSS), images by absolute address from the site's stored
 * variants, and a plain-text part beside it. No tracking pixel and no click-tracking redirects:
 * every link goes where it says.
 */

export type LetterForEmail = { id: string; slug: string; title: string; summary: string; content: string };

export type LetterRecipient = { email: string; name: string; unsubscribeToken: string; discountCode: string | null };

/** A better image for the email than the one the letter holds (a painting card keeps the 400-wide thumbnail). */
export type EmailImage = { src: string; width: number | null; height: number | null };

export type LetterEmailContext = {
  siteUrl: string;
  from: string;
  siteName: string;
  discount: DiscountSettings;
  /** By the src the letter holds: the paintings' 800-wide variants (readLetterImages). */
  images?: ReadonlyMap<string, EmailImage>;
};

/** Gmail shows only the first 102 KB of an email's HTML and hides the rest behind "View entire message". */
export const MAX_EMAIL_HTML_BYTES = 102 * 1024;

/** The code shown in a preview or test email, where there is no subscriber. */
export const SAMPLE_CODE = 'PRINTS-XXXXXXXX';

/** The text column inside the 600px table, less its padding: images are sized to fit it. */
const COLUMN = 560;

const palette = { ink: '#24262b', soft: '#4a4f57', line: '#e4dccf', paper: '#fbf8f3', wash: '#2f5d6e' };
const SERIF = "Georgia, 'Times New Roman', Times, serif";
const SANS = "Arial, 'Helvetica Neue', Helvetica, sans-serif";
const text = (size: number, extra = '') =>
  `margin:0 0 16px;font-family:${SANS};font-size:${size}px;line-height:1.6;color:${palette.ink};${extra}`;
const heading = (size: number) =>
  `margin:28px 0 12px;font-family:${SERIF};font-size:${size}px;line-height:1.3;font-weight:normal;color:${palette.ink}`;

/** The inline style of each element the letter may hold. */
const styles: Record<string, string> = {
  h2: heading(24),
  h3: heading(20),
  h4: heading(17),
  p: text(16),
  ul: text(16, 'padding:0 0 0 24px'),
  ol: text(16, 'padding:0 0 0 24px'),
  li: 'margin:0 0 6px',
  blockquote: `margin:0 0 16px;padding:0 0 0 16px;border-left:3px solid ${palette.line};font-style:italic`,
  a: `color:${palette.wash};text-decoration:underline`,
  hr: `border:0;border-top:1px solid ${palette.line};margin:28px 0`,
  pre: `margin:0 0 16px;padding:12px;background:${palette.paper};font-family:Menlo, Consolas, monospace;font-size:14px;white-space:pre-wrap`,
  code: 'font-family:Menlo, Consolas, monospace;font-size:14px',
  figure: 'margin:28px 0;padding:0;text-align:center',
  figcaption: `margin:8px 0 0;font-family:${SERIF};font-size:16px;line-height:1.4;color:${palette.soft};text-align:center`,
  img: 'display:block;max-width:100%;height:auto;margin:0 auto;border:0',
};

const styled = (tag: string, attribs: sanitizeHtml.Attributes = {}): sanitizeHtml.Tag => ({
  tagName: tag,
  attribs: { ...attribs, style: styles[tag] ?? '' },
});

/** An address in the letter as an email needs it: absolute, http(s) or mailto, else nothing. */
function emailHref(href: string | undefined, siteUrl: string): string | null {
  if (!href) return null;
  if (/^mailto:/i.test(href)) return href;
  try {
    const url = new URL(href, siteUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The srcset candidate between 600 and 1200 wide (the widest there), else the nearest; null without one. */
export function pickSrcset(srcset: string | undefined): { url: string; width: number } | null {
  const candidates = (srcset ?? '').split(/,\s+/).flatMap((candidate) => {
    const match = /^(\S+)\s+(\d+)w$/.exec(candidate.trim());
    return match ? [{ url: match[1]!, width: Number(match[2]) }] : [];
  });
  if (candidates.length === 0) return null;
  const inRange = candidates.filter((c) => c.width >= 600 && c.width <= 1200).sort((a, b) => b.width - a.width);
  if (inRange[0]) return inRange[0];
  const above = candidates.filter((c) => c.width > 1200).sort((a, b) => a.width - b.width);
  return above[0] ?? candidates.sort((a, b) => b.width - a.width)[0]!;
}

const positive = (value: string | number | null | undefined) => {
  const n = typeof value === 'number' ? value : Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : null;
};

/** The width and height to write: the image's shape, no wider than the column (Outlook uses the attributes as they are). */
function fitted(width: number | null, height: number | null): { width: string; height?: string } {
  if (!width) return { width: String(COLUMN) };
  const shown = Math.min(width, COLUMN);
  return height
    ? { width: String(shown), height: String(Math.round((height * shown) / width)) }
    : { width: String(shown) };
}

function emailImage(attribs: sanitizeHtml.Attributes, ctx: LetterEmailContext): sanitizeHtml.Tag {
  const stored = attribs.src ? ctx.images?.get(attribs.src) : undefined;
  const picked = stored ? null : pickSrcset(attribs.srcset);
  const src = emailHref(stored?.src ?? picked?.url ?? attribs.src, ctx.siteUrl) ?? '';
  const width = stored?.width ?? positive(attribs.width);
  const height = stored?.height ?? positive(attribs.height);
  return styled('img', { src, alt: attribs.alt ?? '', ...fitted(width, height) });
}

/** The letter's HTML with every element styled inline and every address absolute; anything else is dropped. */
function emailContentHtml(content: string, ctx: LetterEmailContext): string {
  const tags = Object.keys(styles).concat(['br', 'strong', 'b', 'em', 'i', 'u', 's']);
  const transformTags: Record<string, sanitizeHtml.Transformer> = Object.fromEntries(
    Object.keys(styles).map((tag) => [tag, (name: string) => styled(name)]),
  );
  transformTags.a = (_tag, attribs) => {
    const href = emailHref(attribs.href, ctx.siteUrl);
    return styled('a', href ? { href } : {});
  };
  transformTags.img = (_tag, attribs) => emailImage(attribs, ctx);
  return sanitizeHtml(content, {
    allowedTags: tags,
    allowedAttributes: { '*': ['style'], a: ['href', 'style'], img: ['src', 'alt', 'width', 'height', 'style'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    transformTags,
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  });
}

/** Elements whose content is never prose (the stories' sanitizer drops them too): left out of the text. */
const NOT_TEXT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'title',
  'svg',
  'math',
]);

const BLOCKS = new Set(['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'figure', 'figcaption', 'pre', 'hr']);

/**
 * The letter's words as plain text: paragraphs apart, a link as "text (url)", a list item with a
 * dash or its number, a painting card as "Title: url". Read with htmlparser2 (sanitize-html's
 * own parser), never with patterns over the markup.
 */
export function emailContentText(content: string, siteUrl: string): string {
  const out: string[] = [];
  let line = '';
  let link: { href: string | null; text: string } | null = null;
  let card: { title: string; href: string | null } | null = null;
  let pre = 0;
  let hidden = 0;
  const lists: { ordered: boolean; n: number }[] = [];
  const endLine = () => {
    if (line.trim()) out.push(line.trim());
    line = '';
  };
  const endBlock = () => {
    endLine();
    if (out.at(-1) !== '') out.push('');
  };
  const write = (value: string) => {
    if (card) return;
    if (link) link.text += value;
    else line += value;
  };
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (NOT_TEXT.has(name) || hidden > 0) {
          if (NOT_TEXT.has(name)) hidden++;
        } else if (name === 'figure' && /\bstory-artwork\b/.test(attribs.class ?? '')) {
          endBlock();
          card = { title: '', href: null };
        } else if (card) {
          if (name === 'a' && !card.href) card.href = emailHref(attribs.href, siteUrl);
          if (name === 'img' && !card.title) card.title = (attribs.alt ?? '').trim();
        } else if (name === 'a') link = { href: emailHref(attribs.href, siteUrl), text: '' };
        else if (name === 'br') endLine();
        else if (name === 'img' && attribs.alt) write(`[${attribs.alt.trim()}]`);
        else if (name === 'ul' || name === 'ol') {
          endBlock();
          lists.push({ ordered: name === 'ol', n: 0 });
        } else if (name === 'li') {
          endLine();
          const list = lists.at(-1);
          if (list) line = list.ordered ? `${++list.n}. ` : '- ';
        } else if (name === 'pre') {
          endBlock();
          pre++;
        } else if (BLOCKS.has(name)) endBlock();
      },
      ontext(value) {
        if (hidden > 0) return;
        if (card) {
          if (!card.title) card.title = value.trim();
          return;
        }
        write(pre > 0 ? value : value.replace(/\s+/g, ' '));
      },
      onclosetag(name) {
        if (NOT_TEXT.has(name)) hidden = Math.max(0, hidden - 1);
        else if (hidden > 0) return;
        else if (name === 'figure' && card) {
          const { title, href } = card;
          card = null;
          out.push(href ? `${title || 'A painting'}: ${href}` : title);
          out.push('');
        } else if (card) return;
        else if (name === 'a' && link) {
          const { href, text } = link;
          link = null;
          const words = text.trim();
          // A link whose words are its address is written once.
          line += !href || emailHref(words, siteUrl) === href ? text : words ? `${text} (${href})` : href;
        } else if (name === 'pre') {
          pre--;
          out.push(...line.split('\n'));
          line = '';
          endBlock();
        } else if (name === 'ul' || name === 'ol') {
          lists.pop();
          endBlock();
        } else if (name === 'li') endLine();
        else if (name === 'hr') out.push('----', '');
        else if (BLOCKS.has(name)) endBlock();
      },
    },
    { decodeEntities: true },
  );
  parser.write(content);
  parser.end();
  endBlock();
  while (out[0] === '') out.shift();
  while (out.at(-1) === '') out.pop();
  return out.join('\n');
}

type Body = { html: string; text: string };
/** The last few letters' bodies: a letter to 10,000 people is turned into email once, not 10,000 times. */
const bodies: { key: string; images: LetterEmailContext['images']; body: Body }[] = [];

function letterBody(letter: LetterForEmail, ctx: LetterEmailContext): Body {
  const key = `${ctx.siteUrl}\n${letter.content}`;
  const found = bodies.find((entry) => entry.key === key && entry.images === ctx.images);
  if (found) return found.body;
  const body = { html: emailContentHtml(letter.content, ctx), text: emailContentText(letter.content, ctx.siteUrl) };
  bodies.unshift({ key, images: ctx.images, body });
  bodies.length = Math.min(bodies.length, 4);
  return body;
}

type Footer = { unsubscribe: string; webVersion: string; code: string | null; site: string };

function footerFor(letter: LetterForEmail, recipient: LetterRecipient | null, ctx: LetterEmailContext): Footer {
  const code = ctx.discount.on ? (recipient ? recipient.discountCode : SAMPLE_CODE) : null;
  return {
    unsubscribe: recipient ? absolute(unsubscribePath(recipient.unsubscribeToken), ctx.siteUrl) : '#',
    webVersion: absolute(letterPath(letter.slug), ctx.siteUrl),
    code,
    site: new URL(ctx.siteUrl).host,
  };
}

function footerHtml(footer: Footer, ctx: LetterEmailContext): string {
  const small = `margin:0 0 10px;font-family:${SANS};font-size:13px;line-height:1.5;color:${palette.soft}`;
  const link = `color:${palette.soft};text-decoration:underline`;
  const code = footer.code
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px"><tr><td style="padding:16px;background:${palette.paper};border:1px solid ${palette.line};text-align:center;font-family:${SANS};font-size:15px;line-height:1.5;color:${palette.ink}">Your subscriber code for ${escapeHtml(discountWords(ctx.discount))}:<br><strong style="font-family:Menlo, Consolas, monospace;font-size:18px;letter-spacing:1px">${escapeHtml(footer.code)}</strong></td></tr></table>`
    : '';
  return [
    code,
    `<p style="${small}">You’re receiving this because you subscribed at ${escapeHtml(footer.site)}.</p>`,
    `<p style="${small}"><a href="${escapeHtml(footer.webVersion)}" style="${link}">Read it on the website</a> &middot; <a href="${escapeHtml(footer.unsubscribe)}" style="${link}">Unsubscribe</a></p>`,
  ].join('\n');
}

function emailHtml(letter: LetterForEmail, body: string, footer: string, ctx: LetterEmailContext): string {
  const title = escapeHtml(letter.title);
  const home = escapeHtml(absolute('/', ctx.siteUrl));
  return `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${title}</title>
</head>
<body style="margin:0;padding:0;background:${palette.paper}">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;font-size:1px;line-height:1px;color:${palette.paper}">${escapeHtml(letter.summary)}&#8199;&#847;&#8199;&#847;&#8199;&#847;&#8199;&#847;&#8199;&#847;</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${palette.paper}">
<tr><td align="center" style="padding:24px 12px">
<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border:1px solid ${palette.line}">
<tr><td style="padding:24px 20px 8px;text-align:center;font-family:${SERIF};font-size:20px;line-height:1.3;color:${palette.wash}"><a href="${home}" style="color:${palette.wash};text-decoration:none">${escapeHtml(ctx.siteName)}</a></td></tr>
<tr><td style="padding:8px 20px 8px"><h1 style="margin:16px 0 16px;font-family:${SERIF};font-size:30px;line-height:1.25;font-weight:normal;color:${palette.ink}">${title}</h1>
${body}
</td></tr>
<tr><td style="padding:20px;border-top:1px solid ${palette.line}">
${footer}
</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>
`;
}

function emailText(letter: LetterForEmail, body: string, footer: Footer, ctx: LetterEmailContext): string {
  return [
    ctx.siteName,
    '',
    letter.title,
    '',
    body,
    '',
    '----',
    ...(footer.code ? [`Your subscriber code for ${discountWords(ctx.discount)}: ${footer.code}`, ''] : []),
    `You’re receiving this because you subscribed at ${footer.site}.`,
    `Read it on the website: ${footer.webVersion}`,
    `Unsubscribe: ${footer.unsubscribe}`,
  ].join('\n');
}

/** The same on every retry of one letter to one address (so a mail server can tell), and different between addresses. */
function messageIdFor(letter: LetterForEmail, email: string, siteUrl: string): string {
  const hash = crypto.createHash('sha256').update(`${letter.id}\n${email.toLowerCase()}`).digest('hex').slice(0, 32);
  return `<letter-${hash}@${new URL(siteUrl).hostname}>`;
}

/**
 * A letter as the email one subscriber gets; with no recipient, the preview or test email: its
 * unsubscribe link goes nowhere ('#') and it shows a sample code.
 */
export function renderLetterEmail(
  letter: LetterForEmail,
  recipient: LetterRecipient | null,
  ctx: LetterEmailContext,
): OutgoingMail {
  const body = letterBody(letter, ctx);
  const footer = footerFor(letter, recipient, ctx);
  return {
    from: ctx.from,
    to: recipient ? [recipient.email] : [],
    subject: letter.title.replace(/[\r\n\u2028\u2029]+/g, ' ').trim(),
    html: emailHtml(letter, body.html, footerHtml(footer, ctx), ctx),
    text: emailText(letter, body.text, footer, ctx),
    ...(recipient
      ? {
          messageId: messageIdFor(letter, recipient.email, ctx.siteUrl),
          listUnsubscribe: absolute(oneClickUnsubscribePath(recipient.unsubscribeToken), ctx.siteUrl),
        }
      : {}),
  };
}

/** The longest footer a recipient can have: a 64-character token and a 32-character code. */
const LONGEST_RECIPIENT: LetterRecipient = {
  email: 'someone@example.com',
  name: 'Someone',
  unsubscribeToken: 'x'.repeat(64),
  discountCode: 'X'.repeat(32),
};

/** The size of the letter's HTML as it would be sent, in bytes. */
export function letterEmailBytes(letter: LetterForEmail, ctx: LetterEmailContext): number {
  return Buffer.byteLength(renderLetterEmail(letter, LONGEST_RECIPIENT, ctx).html, 'utf8');
}

/** Why a letter cannot be sent as it is, or null: its email would be clipped by Gmail. */
export function letterTooBig(letter: LetterForEmail, ctx: LetterEmailContext): string | null {
  const bytes = letterEmailBytes(letter, ctx);
  if (bytes < MAX_EMAIL_HTML_BYTES) return null;
  const kb = Math.ceil(bytes / 1024);
  return `This letter is too long to send: its email would be ${kb} KB, and Gmail cuts emails off after 102 KB. Shorten the text or take out a few paintings.`;
}
