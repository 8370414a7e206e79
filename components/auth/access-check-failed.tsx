'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useTransition } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { GateScreen } from './gate-screen';
import { useHydrated } from '@/lib/use-hydrated';

const TITLE = 'Access Check Failed';
const DESCRIPTION = 'Could not verify your admin permissions. Please try again later.';

/** The admin check itself failed (database or Auth server unreachable): say so, offer a retry. */
export function AccessCheckFailed() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const ready = useHydrated();
  useEffect(() => {
    // A fixed id: a re-mount (or React's dev double effect) does not stack a second toast.
    toast.error(TITLE, { id: 'access-check-failed', description: DESCRIPTION });
  }, []);
  return (
    <GateScreen title={TITLE}>
      <p role="alert" className="mt-3 text-ink">
        {DESCRIPTION}
      </p>
      <Button
        type="button"
        className="mt-6"
        disabled={!ready || pending}
        onClick={() => startTransition(() => router.refresh())}
      >
        Try Again
      </Button>
    </GateScreen>
  );
}
