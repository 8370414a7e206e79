import { cacheLife, cacheTag } from 'next/cache';
import { database } from '@/lib/database';
import type { Database } from '@/lib/db/port';
import { asSystem } from '@/lib/db/roles';
import { siteSettings } from '@/lib/db/schema';
import { cacheTags } from '@/lib/cache/tags';
import { logger } from '@/lib/log/logger';

/** Whether the owner has switched on 'Receive messages from visitors' (a new site: off). */
export async function readReceiveMessages(db: Database): Promise<boolean> {
  const [row] = await asSystem(db, 'messages', (sys) =>
    sys.select({ on: siteSettings.receiveMessages }).from(siteSettings).limit(1),
  );
  return row?.on ?? false;
}

export async function writeReceiveMessages(db: Database, on: boolean): Promise<void> {
  await asSystem(db, 'messages', (sys) =>
    sys
      .insert(siteSettings)
      .values({ id: true, receiveMessages: on })
      .onConflictDoUpdate({ target: siteSettings.id, set: { receiveMessages: on, updatedAt: new Date() } }),
  );
}

/**
 * The switch as public pages read it: cached and tagged, so pages stay static and a toggle reaches
 * them through the tag (lib/messages/actions.ts). The footer is on every page: when the database
 * cannot be read, the pages say what a new site says (off) for a minute rather than fail.
 */
export async function receivingMessages(): Promise<boolean> {
  'use cache';
  cacheTag(cacheTags.siteSettings);
  try {
    const on = await readReceiveMessages(await database());
    cacheLife('max');
    return on;
  } catch (error) {
    logger.warn(
      { feature: 'messages', err: error },
      'could not read whether messages are received; showing the forms as off',
    );
    cacheLife('seconds');
    return false;
  }
}
