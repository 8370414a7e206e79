'use server';

import { after } from 'next/server';
import { z } from 'zod';
import { adminAction } from '@/lib/actions/admin-action';
import { invalidateNewsletter } from '@/lib/cache/invalidate';
import { UserFacingError } from '@/lib/http/user-facing-error';
import { mailSettings } from '@/lib/mail';
import {
  letterAtVersionSchema,
  saveLetterInputSchema,
  scheduleLetterInputSchema,
  type LetterStatus,
} from './letter-fields';
import { cancelSchedule, checkSendable, deleteLetter, saveLetter, scheduleLetter } from './letters';
import { draftNewSince } from './new-since';
import { deliverLettersSoon, sendTestLetter, startSending } from './sending';

/**
 * The owner's actions on /admin/newsletter (docs/product.md, Letters), each through the one admin
 * guard, which checks the admin and logs every call. Every change is made over the version the
 * editor has; sending is lib/newsletter/sending.ts's.
 */

/** Save draft: a new letter, or a draft or scheduled one's changes. */
export const saveLetterAction = adminAction(saveLetterInputSchema, (input, ctx) => saveLetter(ctx.db, input), {
  name: 'saveLetter',
});

/** "Send later": at a London date and time still to come (or a new time for a scheduled letter). */
export const scheduleLetterAction = adminAction(
  scheduleLetterInputSchema,
  (input, ctx) => scheduleLetter(ctx.db, input),
  { name: 'scheduleLetter' },
);

export const cancelScheduleAction = adminAction(letterAtVersionSchema, (input, ctx) => cancelSchedule(ctx.db, input), {
  name: 'cancelLetterSchedule',
});

/**
 * "Send now": to every confirmed subscriber. The sender starts once the owner has the answer,
 * so the letter's page opens at once and shows it going.
 */
export const sendLetterNowAction = adminAction(
  letterAtVersionSchema,
  async (input, ctx): Promise<{ recipients: number; status: LetterStatus }> => {
    if (!mailSettings()) throw new UserFacingError(NO_EMAIL);
    await checkSendable(ctx.db, input);
    const started = await startSending(ctx.db, input.id);
    if (!started.ok) throw new UserFacingError(started.message);
    after(() => deliverLettersSoon(ctx.db));
    return { recipients: started.recipients, status: 'sending' };
  },
  { name: 'sendLetterNow' },
);

const NO_EMAIL = 'Email is not set up for this site yet, so letters cannot be sent: see the note above.';

/** "Send a test to me": the letter as saved, to the owner's own addresses; says to whom. */
export const sendTestLetterAction = adminAction(
  z.object({ id: z.uuid() }),
  async ({ id }, ctx) => {
    const result = await sendTestLetter(ctx.db, id, mailSettings());
    if (!result.ok) throw new UserFacingError(result.message);
    return { to: result.to };
  },
  { name: 'sendTestLetter' },
);

export const deleteLetterAction = adminAction(
  z.object({ id: z.uuid() }),
  async ({ id }, ctx) => {
    const deleted = await deleteLetter(ctx.db, id);
    // A sent letter's web version goes with it.
    if (deleted.wasPublic) invalidateNewsletter();
    return deleted;
  },
  { name: 'deleteLetter' },
);

/** "Start from what's new": a draft of the paintings and stories published since the last letter. */
export const draftNewSinceAction = adminAction(
  z.object({}),
  async (_input, ctx) => {
    const draft = await draftNewSince(ctx.db);
    return { id: draft.id, paintings: draft.paintings.length, stories: draft.stories.length };
  },
  { name: 'draftNewSince' },
);
