import { checkAdmin } from '@/lib/auth/require-admin';
import { AccessCheckFailed } from './access-check-failed';
import { AccessDenied } from './access-denied';
import { LoginScreen } from './login-screen';

/**
 * Decides what /admin/* shows: the login screen, Access Denied, a failed check, or the admin
 * page. A convenience for people, not the security boundary: every admin page, action and route
 * handler calls requireAdmin() itself. Reads cookies, so it renders under <Suspense>.
 */
export async function AdminGate({ children }: { children: React.ReactNode }) {
  const result = await checkAdmin();
  if (result.ok) return children;
  if (result.reason === 'no-session') return <LoginScreen />;
  if (result.reason === 'not-admin') return <AccessDenied email={result.email} />;
  return <AccessCheckFailed />;
}
