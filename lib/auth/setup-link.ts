import type { Database } from '@/lib/db/port';
import { env } from '@/lib/env';
import { logger } from '@/lib/log/logger';
import { issueSetupToken } from './setup-token';

/**
 * At start, local auth only: with no ADMIN_EMAIL and no admin in the database, prints a
 * one-time setup link (one hour, single use) to the console, so the owner of a fresh install
 * can make the first admin without stopping the server. Answers the link, or null.
 */
export async function printSetupLinkIfNeeded(
  db: Database,
  print: (text: string) => void = console.log,
): Promise<string | null> {
  const config = env();
  if (config.authAdapter !== 'local' || config.ADMIN_EMAIL) return null;
  const token = await issueSetupToken(db);
  if (!token) return null;
  const link = new URL(`/admin/setup?token=${token}`, config.SITE_URL).toString();
  print(
    [
      '',
      'No admin account yet. To create one, open this link within the hour (it works once):',
      '',
      `  ${link}`,
      '',
    ].join('\n'),
  );
  // The server log says that a link was made, never the link: logs are kept and shipped.
  logger.info({ feature: 'auth' }, 'first-run setup link printed to the console');
  return link;
}
