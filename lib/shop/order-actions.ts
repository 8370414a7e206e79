'use server';

import { after } from 'next/server';
import { z } from 'zod';
import { adminAction } from '@/lib/actions/admin-action';
import { mailSettings } from '@/lib/mail';
import { deliverSoon } from '@/lib/mail/outbox';
import { orderLetters } from './order-letters';
import { dismissStray, markShipped, shipmentSchema } from './orders';

/**
 * The owner's actions on /admin/orders (docs/product.md, Orders), through the
 * one admin guard, which logs every call.
 */

/**
 * Mark as shipped: the order becomes shipped with its carrier and tracking number, and the
 * buyer's email is queued with it, sent once the owner has the answer. `emailed` says whether
 * outgoing email is set up (without it the email waits in the outbox until it is).
 */
export const markOrderShipped = adminAction(
  shipmentSchema.extend({ id: z.uuid() }),
  async ({ id, carrier, tracking }, ctx) => {
    await markShipped(ctx.db, id, { carrier, tracking });
    const mail = mailSettings();
    if (mail) after(() => deliverSoon(ctx.db, orderLetters, mail));
    return { emailed: mail !== null };
  },
  { name: 'markOrderShipped' },
);

/** A stray payment the owner has refunded in Stripe: off the list. */
export const dismissStrayPayment = adminAction(
  z.object({ checkoutId: z.string().min(1).max(255) }),
  async ({ checkoutId }, ctx) => ({ dismissed: await dismissStray(ctx.db, checkoutId) }),
  { name: 'dismissStrayPayment' },
);
