/**
 * "Reply by email" (docs/product.md, Messages): a mailto: link to the visitor, "Re: " and the
 * subject, and the message quoted below. Every part is percent-encoded, so nothing the visitor
 * typed (a line break in a subject, an ampersand, a "?cc=") can add a recipient or a header; the
 * address itself passed the send route's email check.
 */
export function replyMailto({
  email,
  subject,
  body,
  name,
}: {
  email: string;
  subject: string;
  body: string;
  name: string;
}): string {
  const re = `Re: ${subject.trim() || 'your message'}`.replace(/[\r\n]+/g, ' ');
  const quoted = body
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  const text = `\n\n${name} wrote:\n${quoted}\n`;
  return `mailto:${encodeURIComponent(email)}?subject=${encodeURIComponent(re)}&body=${encodeURIComponent(text)}`;
}
