'use server';

import { adminAction } from '@/lib/actions/admin-action';
import { saveFaultFor } from '@/lib/testing/save-fault';
import { deleteArtworkRecord } from './delete';
import { actionDeps } from './deps';
import { saveArtworkRecord } from './save';
import { deleteArtworkInputSchema, saveArtworkInputSchema } from './schema';

/** Insert (no id) or update (id) one artwork; the image, when given, was just uploaded. */
export const saveArtwork = adminAction(
  saveArtworkInputSchema,
  (input, ctx) => saveArtworkRecord({ ...actionDeps(ctx), beforeWrite: saveFaultFor(input.fields) }, input),
  { name: 'saveArtwork' },
);

export const deleteArtwork = adminAction(deleteArtworkInputSchema, ({ id }, ctx) => deleteArtworkRecord(actionDeps(ctx), id), { name: 'deleteArtwork' });
