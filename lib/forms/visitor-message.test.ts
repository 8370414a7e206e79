import { describe, expect, it } from 'vitest';
import { contactHref, enquirySubject, SUBJECT_MAX_LENGTH } from './contact-link';
import { checkMessage, isEmailAddress, subjectFromQuery } from './visitor-message';

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

describe('isEmailAddress', () => {
  it.each(['ada@example.com', ' ada.lovelace+art@mail.example.co.uk '])('takes %j', (value) => {
    expect(isEmailAddress(value)).toBe(true);
  });
  it.each(['not-an-email', 'ada@example', 'ada@@example.com', 'ada example@mail.com', '@example.com', 'ada@', ''])(
    'refuses %j',
    (value) => {
      expect(isEmailAddress(value)).toBe(false);
    },
  );
});

describe('checkMessage', () => {
  const required = ['name', 'email', 'message'] as const;
  it('names the empty required fields first, in order, blanks counting as empty', () => {
    expect(checkMessage(form({ name: ' ', email: 'not-an-email', message: '' }), required)).toEqual({
      ok: false,
      reason: 'missing',
      fields: ['name', 'message'],
    });
  });
  it('then refuses a malformed address', () => {
    expect(checkMessage(form({ name: 'Ada', email: 'not-an-email', message: 'Hi' }), required)).toEqual({
      ok: false,
      reason: 'email',
    });
  });
  it('passes a complete form', () => {
    expect(checkMessage(form({ name: 'Ada', email: 'ada@example.com', message: 'Hi' }), required)).toEqual({
      ok: true,
    });
  });
});

describe('subjects', () => {
  it('reads a subject as one line of plain text', () => {
    expect(subjectFromQuery('<b>Hi</b>\u0000\n\tthere  now ')).toBe('<b>Hi</b> there now');
  });
  it('bounds it', () => {
    expect(subjectFromQuery('x'.repeat(500))).toHaveLength(SUBJECT_MAX_LENGTH);
  });
  it('gives nothing for no subject', () => {
    expect(subjectFromQuery(null)).toBe('');
    expect(subjectFromQuery(undefined)).toBe('');
  });
  it('links an enquiry to the contact page with the title in the subject, round trip', () => {
    const href = contactHref(enquirySubject('Harbour Light, Whitstable Dawn & more'));
    expect(href).toBe('/contact?subject=Enquiry%3A%20Harbour%20Light%2C%20Whitstable%20Dawn%20%26%20more');
    const read = new URL(href, 'http://localhost').searchParams.get('subject');
    expect(subjectFromQuery(read)).toBe('Enquiry: Harbour Light, Whitstable Dawn & more');
  });
});
