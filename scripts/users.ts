// npm run users -- add --email E --password P [--admin]
// Creates a local account (or resets its password, which signs that user out everywhere). Works
// with the server stopped (embedded DATA_DIR) or at any time with DATABASE_URL.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { passwordTooLong } from '@/lib/password-rules';
import { upsertLocalUser } from '@/lib/users/users';
import { openConfiguredDatabase } from '@/lib/database';
import { env } from '@/lib/env';

const usage = 'Usage: npm run users -- add --email you@example.com --password "a long password" [--admin]';
const input = z.object({
  email: z.email('--email must be an email address'),
  password: z
    .string()
    .min(8, '--password must be at least 8 characters')
    .refine(
      (password) => !passwordTooLong(password),
      '--password must be at most 72 bytes (72 plain characters): bcrypt ignores the rest',
    ),
  admin: z.boolean(),
});

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, password: { type: 'string' }, admin: { type: 'boolean', default: false } },
  });
  if (positionals[0] !== 'add') throw new Error(usage);
  const parsed = input.safeParse(values);
  if (!parsed.success) throw new Error(`${parsed.error.issues.map((i) => i.message).join('\n')}\n${usage}`);
  if (env().authAdapter === 'supabase') {
    throw new Error(
      'Supabase mode: create users in Supabase Auth (dashboard or admin API), then set profiles.is_admin.',
    );
  }
  const db = await openConfiguredDatabase();
  try {
    const { created, passwordChanged, sessionsRevoked } = await upsertLocalUser(db, parsed.data);
    const signedOut = passwordChanged
      ? `; password changed, ${sessionsRevoked} session${sessionsRevoked === 1 ? '' : 's'} signed out`
      : '';
    console.log(
      `${created ? 'Created' : 'Updated'} ${parsed.data.admin ? 'admin' : 'user'} ${parsed.data.email.toLowerCase()}${signedOut}`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
