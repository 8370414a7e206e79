import Link from 'next/link';
import { buttonVariants } from '@/components/ui/button';
import { GateScreen } from './gate-screen';
import { GoBackButton } from './go-back-button';
import { SignOutButton } from './sign-out-button';

/** A signed-in user whose profile is not an administrator's (or who has no profile). */
export function AccessDenied({ email }: { email?: string }) {
  return (
    <GateScreen title="Access Denied">
      <p className="mt-3 text-ink">This area is restricted to administrators only.</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <GoBackButton />
        <Link href="/" className={buttonVariants({ variant: 'primary' })}>
          Go to Homepage
        </Link>
      </div>
      <div className="mt-6 border-t border-line pt-4 text-sm text-ink-soft">
        {email ? <p>Signed in as {email}.</p> : null}
        <SignOutButton variant="ghost" size="sm" className="mt-2 -ml-4">
          Sign in with another account
        </SignOutButton>
      </div>
    </GateScreen>
  );
}
