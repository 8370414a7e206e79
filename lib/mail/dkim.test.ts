import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type SmtpDouble } from '@/tests/support/smtp';
import { parseEnv } from '@/lib/env';
import { dkimSettings } from './index';
import { createSmtpMailer } from './smtp-adapter';

/**
 * A DKIM-Signature checked as a receiving server would (RFC 6376, relaxed/relaxed, rsa-sha256),
 * written here from the RFC with node:crypto rather than with nodemailer's own code: the body
 * hash, then the signature over the signed headers and the signature header without its b=.
 */
function verifyDkim(raw: string, publicKey: crypto.KeyObject) {
  const split = raw.indexOf('\r\n\r\n');
  const headerLines = raw.slice(0, split).split(/\r\n(?![ \t])/);
  const body = raw.slice(split + 4);
  const headers = headerLines.map((line) => {
    const colon = line.indexOf(':');
    return { name: line.slice(0, colon).trim().toLowerCase(), value: line.slice(colon + 1) };
  });
  const relaxed = ({ name, value }: { name: string; value: string }) =>
    `${name}:${value
      .replace(/\r\n(?=[ \t])/g, '')
      .replace(/[ \t]+/g, ' ')
      .trim()}`;
  const signature = headers.find((header) => header.name === 'dkim-signature')!;
  const tags = Object.fromEntries(
    signature.value
      .replace(/\r\n(?=[ \t])/g, '')
      .split(';')
      .map((tag) => tag.trim())
      .filter(Boolean)
      .map((tag) => [tag.slice(0, tag.indexOf('=')).trim(), tag.slice(tag.indexOf('=') + 1).replace(/\s+/g, '')]),
  ) as Record<string, string>;
  // Body: each line's runs of spaces made one, trailing spaces and trailing empty lines dropped.
  const bodyLines = body.split('\r\n').map((line) => line.replace(/[ \t]+/g, ' ').replace(/ $/, ''));
  while (bodyLines.length > 0 && bodyLines.at(-1) === '') bodyLines.pop();
  const canonicalBody = bodyLines.length > 0 ? `${bodyLines.join('\r\n')}\r\n` : '';
  const bodyHash = crypto.createHash('sha256').update(canonicalBody).digest('base64');
  // Headers: each name in h= takes the last unused occurrence, bottom up.
  const unused = [...headers];
  const signed = tags.h!.split(':').flatMap((name) => {
    const index = unused.findLastIndex((header) => header.name === name.trim().toLowerCase());
    return index < 0 ? [] : unused.splice(index, 1).map(relaxed);
  });
  const withoutB = relaxed(signature)
    .replace(/b=[^;]*$/, 'b=')
    .replace(/b=[^;]*;/, 'b=;');
  const data = [...signed.map((line) => `${line}\r\n`), withoutB].join('');
  const valid = crypto.verify('sha256', Buffer.from(data), publicKey, Buffer.from(tags.b!, 'base64'));
  return { tags, bodyHashMatches: bodyHash === tags.bh, valid };
}

describe('DKIM signing', () => {
  let smtp: SmtpDouble;
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp.close());

  it('signs each email with d= and s= from MAIL_DKIM_*, and the signature verifies against the public key', async () => {
    // As a host that takes one-line values would hold the key: "\n" escapes.
    const config = parseEnv({
      MAIL_DKIM_DOMAIN: 'elenamarsh.example',
      MAIL_DKIM_SELECTOR: 'mail2026',
      MAIL_DKIM_PRIVATE_KEY: pem.trim().replaceAll('\n', '\\n'),
    });
    const dkim = dkimSettings(config)!;
    expect(dkim).toMatchObject({ domain: 'elenamarsh.example', selector: 'mail2026' });
    await createSmtpMailer(smtp.url, { dkim }).send({
      from: 'Elena Marsh <news@elenamarsh.example>',
      to: ['ada@example.com'],
      subject: 'A new painting   of Herne Hill',
      text: 'Hello Ada,\n\nA new painting.  With  spaces.   \n\n',
      html: '<p>Hello Ada,</p>\n<p>A new painting.</p>',
      listUnsubscribe: 'https://elenamarsh.example/api/newsletter/unsubscribe?token=abc',
    });
    const { raw } = smtp.received.at(-1)!;
    const result = verifyDkim(raw, publicKey);
    expect(result.tags).toMatchObject({ v: '1', a: 'rsa-sha256', d: 'elenamarsh.example', s: 'mail2026' });
    expect(result.tags.h!.toLowerCase().split(':')).toEqual(expect.arrayContaining(['from', 'subject', 'to']));
    expect(result.bodyHashMatches).toBe(true);
    expect(result.valid).toBe(true);
    // A changed subject no longer verifies: the check is real.
    const tampered = raw.replace('Subject: A new painting', 'Subject: A new paintinG');
    expect(verifyDkim(tampered, publicKey).valid).toBe(false);
  });

  it('sends unsigned mail while the DKIM variables are unset', async () => {
    expect(dkimSettings(parseEnv({}))).toBeUndefined();
    await createSmtpMailer(smtp.url).send({
      from: 'news@elenamarsh.example',
      to: ['ada@example.com'],
      subject: 'Unsigned',
      text: 'Hello',
      html: '<p>Hello</p>',
    });
    expect(smtp.received.at(-1)!.raw).not.toMatch(/^DKIM-Signature:/im);
  });
});
