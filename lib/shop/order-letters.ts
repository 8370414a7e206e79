import { NO_OWNER, ownerReplyTo, type Letter, type LetterContext } from '@/lib/mail/outbox';
import { site } from '@/lib/site';
import type { Database } from '@/lib/db/port';
import {
  orderBuyerMail,
  orderOwnerMail,
  orderRefundedBuyerMail,
  orderRefundedOwnerMail,
  orderShippedMail,
} from './order-mail';
import { readOrder } from './orders';

async function orderFor(db: Database, orderId: string) {
  const order = await readOrder(db, orderId);
  if (!order) throw new Error('the order was deleted before its email was sent');
  return order;
}

async function toOwners({ owners }: LetterContext) {
  const to = await owners();
  if (to.length === 0) throw new Error(NO_OWNER);
  return to;
}

/** The buyer's envelope: from the site, Reply-To the owner. */
async function toBuyer({ settings, owners }: LetterContext) {
  return { from: settings.from, replyTo: await ownerReplyTo(owners, site.name), siteUrl: settings.siteUrl };
}

/** The shop's letters for the outbox (lib/mail/outbox.ts), each written from the order as it is when sent. */
export const orderLetters = {
  'order-owner': {
    feature: 'shop',
    what: 'Email to the owner about a new order',
    write: async (id, context) =>
      orderOwnerMail(await orderFor(context.db, id), {
        from: context.settings.from,
        to: await toOwners(context),
        siteUrl: context.settings.siteUrl,
      }),
  },
  'order-buyer': {
    feature: 'shop',
    what: 'Email to the buyer about their order',
    write: async (id, context) => orderBuyerMail(await orderFor(context.db, id), await toBuyer(context)),
  },
  'order-shipped': {
    feature: 'shop',
    what: 'Email to the buyer that their order has shipped',
    write: async (id, context) => orderShippedMail(await orderFor(context.db, id), await toBuyer(context)),
  },
  'order-refunded-buyer': {
    feature: 'shop',
    what: 'Email to the buyer that their payment was refunded',
    write: async (id, context) => orderRefundedBuyerMail(await orderFor(context.db, id), await toBuyer(context)),
  },
  'order-refunded-owner': {
    feature: 'shop',
    what: 'Email to the owner about a payment the site refunded',
    write: async (id, context) =>
      orderRefundedOwnerMail(await orderFor(context.db, id), {
        from: context.settings.from,
        to: await toOwners(context),
        siteUrl: context.settings.siteUrl,
      }),
  },
} satisfies Record<string, Letter>;
