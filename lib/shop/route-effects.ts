import { after } from 'next/server';
import { invalidateShop } from '@/lib/cache/invalidate';
import { database } from '@/lib/database';
import { mailSettings } from '@/lib/mail';
import { deliverSoon } from '@/lib/mail/outbox';
import { orderLetters } from './order-letters';
import type { ShopEffects } from './settle';

/**
 * What follows a settled order in a route handler (the webhook, the buyer's way back): the pages
 * are invalidated at once, and the queued emails go once the response is sent.
 */
export function routeEffects(): ShopEffects {
  return {
    invalidateShop(change) {
      invalidateShop(change, 'route');
    },
    sendMail() {
      const mail = mailSettings();
      if (mail) after(async () => deliverSoon(await database(), orderLetters, mail));
    },
  };
}
