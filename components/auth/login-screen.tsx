import { GateScreen } from './gate-screen';
import { LoginForm } from './login-form';

/**
 * Shown on /admin/* without a session. Sign-in only: accounts are made from the command line.
 * `pendingEmail`: the password was given and the second factor is due.
 */
export function LoginScreen({
  pendingEmail,
  recoveryCodes = true,
}: {
  pendingEmail?: string;
  recoveryCodes?: boolean;
}) {
  return (
    <GateScreen title="Admin Login">
      <p className="mt-2 text-ink-soft">Sign in to manage the gallery.</p>
      <LoginForm pendingEmail={pendingEmail} recoveryCodes={recoveryCodes} />
    </GateScreen>
  );
}
