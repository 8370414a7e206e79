import { unstable_rethrow } from 'next/navigation';
import { getPendingSignIn } from '@/lib/auth/pending-sign-in';
import { checkAdmin } from '@/lib/auth/require-admin';
import { env } from '@/lib/env';
import { AccessCheckFailed } from './access-check-failed';
import { AccessDenied } from './access-denied';
import { LoginScreen } from './login-screen';
import { PublicAdminSegment } from './public-admin-segment';

/**
 * Decides what /admin/* shows: the login screen, Access Denied, a failed check, or the admin
 * page. A convenience for people, not the security boundary: every admin page, action and route
 * handler calls requireAdmin() itself. Reads cookies, so it renders under <Suspense>.
 */
export async function AdminGate({ children }: { children: React.ReactNode }) {
  const result = await checkAdmin();
  if (result.ok) return children;
  // Supabase Auth keeps no recovery codes: only local accounts are offered them.
  if (result.reason === 'no-session') {
    return (
      <PublicAdminSegment page={children}>
        <LoginScreen pendingEmail={(await pendingSignIn())?.email} recoveryCodes={env().authAdapter === 'local'} />
      </PublicAdminSegment>
    );
  }
  if (result.reason === 'not-admin') {
    return (
      <PublicAdminSegment page={children}>
        <AccessDenied email={result.email} />
      </PublicAdminSegment>
    );
  }
  return <AccessCheckFailed />;
}

/** A sign-in waiting for its second factor; a failure to tell only means the password form. */
async function pendingSignIn() {
  try {
    return await getPendingSignIn();
  } catch (error) {
    unstable_rethrow(error);
    return null;
  }
}
