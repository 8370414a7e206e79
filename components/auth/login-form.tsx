'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FieldMessage, FormAlert } from './form-messages';
import { signIn } from '@/lib/account/sign-in-actions';
import { signInSchema, type SignInInput } from '@/lib/auth/schemas';
import { SecondFactorForm } from './second-factor-form';
import { ReadyFieldset } from '@/components/ui/ready-fieldset';

const inputClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-ink/30 bg-white px-3 text-base text-ink focus-visible:border-wash focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-wash aria-invalid:border-clay';

/**
 * Email and password; then, for an account with two-factor sign-in on, the code
 * (SecondFactorForm). `pendingEmail` opens on the code step: a sign-in whose password was given
 * before a reload.
 */
export function LoginForm({ pendingEmail, recoveryCodes = true }: { pendingEmail?: string; recoveryCodes?: boolean }) {
  const router = useRouter();
  const [codeFor, setCodeFor] = useState<string | null>(pendingEmail ?? null);
  const [error, setError] = useState<string | null>(null);
  const [refreshing, startRefresh] = useTransition();
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    let message: string;
    try {
      const result = await signIn(values);
      if (result.ok && result.data.secondFactor) {
        setCodeFor(result.data.email);
        return;
      }
      if (result.ok) {
        // Welcome only an admin: anyone else is about to see Access Denied.
        if (result.data.admin) toast.success('Signed in', { description: `Welcome back, ${result.data.email}.` });
        // The gate re-renders on the server with the new session cookie.
        startRefresh(() => router.refresh());
        return;
      }
      message = result.error || 'Something went wrong';
    } catch {
      message = 'Something went wrong';
    }
    setError(message);
    toast.error('Sign in Failed', { description: message });
  });

  const busy = isSubmitting || refreshing;
  if (codeFor)
    return (
      <SecondFactorForm
        email={codeFor}
        recoveryCodes={recoveryCodes}
        onCancel={(reason) => (setCodeFor(null), setError(reason ?? null), resetField('password'))}
      />
    );
  return (
    <form onSubmit={onSubmit} noValidate className="mt-6" aria-describedby={error ? 'login-error' : undefined}>
      <ReadyFieldset className="space-y-5">
        <div>
          <label htmlFor="login-email" className="block font-medium text-ink">
            Email
          </label>
          <input
            id="login-email"
            type="email"
            autoComplete="username"
            inputMode="email"
            required
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? 'login-email-error' : undefined}
            className={inputClass}
            {...register('email')}
          />
          <FieldMessage id="login-email-error" message={errors.email?.message} />
        </div>
        <div>
          <label htmlFor="login-password" className="block font-medium text-ink">
            Password
          </label>
          <input
            id="login-password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? 'login-password-error' : undefined}
            className={inputClass}
            {...register('password')}
          />
          <FieldMessage id="login-password-error" message={errors.password?.message} />
        </div>
        <FormAlert id="login-error" message={error} />
        <Button type="submit" className="w-full" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Signing In...' : 'Sign In'}
        </Button>
      </ReadyFieldset>
    </form>
  );
}
