'use server';

import { z } from 'zod';
import { adminAction } from '@/lib/actions/admin-action';
import { UserFacingError } from '@/lib/http/user-facing-error';
import { invalidateSiteSettings } from '@/lib/cache/invalidate';
import { removeSubscriber } from '@/lib/newsletter';
import { deleteMessage, eraseAddress, markRead, moveMessage } from './inbox';
import { writeReceiveMessages } from './settings';

/**
 * The owner's actions on /admin/messages (docs/product.md, Messages), each through the one admin
 * guard, which logs every call. A message gone since the page was drawn (deleted in another tab) is
 * said so.
 */
const GONE = 'That message no longer exists: it may have been deleted in another tab.';
const messageId = z.object({ id: z.uuid() });

/** 'Receive messages from visitors': takes effect at once, and public pages follow through their tag. */
export const setReceiveMessages = adminAction(
  z.object({ on: z.boolean() }),
  async ({ on }, ctx) => {
    await writeReceiveMessages(ctx.db, on);
    invalidateSiteSettings();
    return { on };
  },
  { name: 'setReceiveMessages' },
);

export const setMessageRead = adminAction(
  messageId.extend({ read: z.boolean() }),
  async ({ id, read }, ctx) => {
    if (!(await markRead(ctx.db, id, read))) throw new UserFacingError(GONE);
  },
  { name: 'setMessageRead' },
);

export const moveMessageTo = adminAction(
  messageId.extend({ folder: z.enum(['inbox', 'archive', 'spam']) }),
  async ({ id, folder }, ctx) => {
    if (!(await moveMessage(ctx.db, id, folder))) throw new UserFacingError(GONE);
  },
  { name: 'moveMessage' },
);

export const deleteVisitorMessage = adminAction(
  messageId,
  async ({ id }, ctx) => {
    if (!(await deleteMessage(ctx.db, id))) throw new UserFacingError(GONE);
  },
  { name: 'deleteMessage' },
);

export const unsubscribe = adminAction(
  z.object({ email: z.email() }),
  async ({ email }, ctx) => {
    if (!(await removeSubscriber(ctx.db, email))) throw new UserFacingError('That address is no longer on the list.');
  },
  { name: 'removeSubscriber' },
);

/** "Delete everything from this address": its messages and its subscription. */
export const eraseEverythingFrom = adminAction(
  z.object({ email: z.email() }),
  async ({ email }, ctx) => eraseAddress(ctx.db, email),
  { name: 'eraseAddress' },
);
