import { z } from '@/lib/zod';
import { fromLondonLocal } from './london-time';

/**
 * A letter's fields, limits and messages (docs/product.md, Letters): the editor
 * checks with them in the browser and the actions parse with them again on the server; the
 * migration newsletter has the same limits. Safe in the browser.
 */
export const LETTER_LIMITS = { title: 150, summary: 300, content: 200_000 } as const;

export const letterMessages = {
  titleRequired: 'Give the letter a title.',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  contentRequired: 'Write the letter before sending it.',
  badTime: 'Enter the date and time to send it, in London time.',
  pastTime: 'Choose a time still to come.',
  conflict:
    'This letter was changed in another tab since you opened it. Nothing was saved: copy your changes, then reload to see the newer version.',
  notFound: 'Letter not found. It may have been deleted.',
  readOnly: 'This letter has been sent, so it can no longer be changed.',
  sendingNotDeleted: 'This letter is being sent: it can be deleted once it has gone to everyone.',
} as const;

/** Form text: NUL removed (Postgres text cannot hold it), trimmed. */
const text = (label: string, max: number) =>
  z
    .string()
    .overwrite((value) => value.replaceAll('\u0000', '').trim())
    .pipe(z.string().max(max, letterMessages.tooLong(label, max)));

export const letterFieldsSchema = z.object({
  title: text('The title', LETTER_LIMITS.title).pipe(z.string().min(1, letterMessages.titleRequired)),
  summary: text('The preview line', LETTER_LIMITS.summary).default(''),
  content: z
    .string()
    .max(LETTER_LIMITS.content, letterMessages.tooLong('The letter', LETTER_LIMITS.content))
    .default(''),
});
export type LetterFieldValues = z.input<typeof letterFieldsSchema>;
export type LetterFields = z.output<typeof letterFieldsSchema>;

/** Which saved version a change is made over: a change over a newer one is refused. */
const at = { id: z.uuid(), version: z.number().int().positive() };

export const saveLetterInputSchema = z.object({
  id: z.uuid().optional(),
  version: z.number().int().positive().optional(),
  fields: letterFieldsSchema,
});
export type SaveLetterInput = z.input<typeof saveLetterInputSchema>;
export type SaveLetterParsed = z.output<typeof saveLetterInputSchema>;

/** A London date and time from the form's datetime-local field, as the moment it names. */
export const londonTimeSchema = z.string().transform((value, ctx) => {
  const date = fromLondonLocal(value);
  if (date) return date;
  ctx.addIssue({ code: 'custom', message: letterMessages.badTime });
  return z.NEVER;
});

export const scheduleLetterInputSchema = z.object({ ...at, sendAt: londonTimeSchema });
export const letterAtVersionSchema = z.object(at);
export type LetterAtVersion = z.output<typeof letterAtVersionSchema>;

export type LetterStatus = 'draft' | 'scheduled' | 'sending' | 'sent';

/** Only a letter not yet started may change: what was sent stays as it was sent. */
export const isEditable = (status: LetterStatus) => status === 'draft' || status === 'scheduled';

/** The text of a letter's HTML, to tell an empty one (a paragraph with nothing in it) from one written. */
export const hasText = (html: string) =>
  html
    .replace(/<figure[\s\S]*?<\/figure>/g, ' painting ')
    .replace(/<[^>]*>/g, '')
    .trim() !== '';
