'use client';

import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { toast } from '@/lib/toast';
import { Button, type ButtonProps } from '@/components/ui/button';
import { signOut } from '@/lib/account/sign-in-actions';
import { useHydrated } from '@/lib/use-hydrated';

/** Signs out, then refreshes so the /admin gate shows the login screen. */
export function SignOutButton({ children = 'Logout', ...props }: Omit<ButtonProps, 'onClick'>) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const ready = useHydrated();
  const onClick = () =>
    startTransition(async () => {
      let message: string | null = null;
      try {
        const result = await signOut();
        if (!result.ok) message = result.error || 'Something went wrong';
      } catch {
        message = 'Something went wrong';
      }
      if (message) {
        toast.error('Sign out Failed', { description: message });
        return;
      }
      toast.success('Signed out');
      router.refresh();
    });
  return (
    <Button
      type="button"
      variant="secondary"
      {...props}
      onClick={onClick}
      disabled={!ready || pending || props.disabled}
      aria-busy={pending || undefined}
    >
      {children}
    </Button>
  );
}
