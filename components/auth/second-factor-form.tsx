'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldMessage, FormAlert } from './form-messages';
import { signOut, verifySecondFactor } from '@/lib/account/sign-in-actions';
import { secondFactorSchema, type SecondFactorInput } from '@/lib/auth/schemas';
import { toast } from '@/lib/toast';
import { ReadyFieldset } from '@/components/ui/ready-fieldset';

const inputClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-ink/30 bg-white px-3 text-base tracking-widest text-ink focus-visible:border-wash focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-wash aria-invalid:border-clay';

/**
 * The second sign-in step: the 6-digit code from the authenticator app, or one of the recovery
 * codes. Cancel ends the half-finished sign-in and goes back to email and password; so does a
 * wrong code (the server has ended it), with the reason.
 */
export function SecondFactorForm({
  email,
  recoveryCodes,
  onCancel,
}: {
  email: string;
  recoveryCodes: boolean;
  onCancel: (reason?: string) => void;
}) {
  const router = useRouter();
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [refreshing, startRefresh] = useTransition();
  const {
    register,
    handleSubmit,
    setFocus,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SecondFactorInput>({ resolver: zodResolver(secondFactorSchema), defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async ({ code }) => {
    setError(null);
    let message: string;
    try {
      const result = await verifySecondFactor({ code });
      if (result.ok) {
        if (result.data.admin) toast.success('Signed in', { description: `Welcome back, ${result.data.email}.` });
        startRefresh(() => router.refresh());
        return;
      }
      message = result.error || 'Something went wrong';
      if ('signInAgain' in result) {
        // The half sign-in has ended: back to email and password, which show why.
        toast.error('Sign in Failed', { description: message });
        onCancel(message);
        return;
      }
    } catch {
      message = 'Something went wrong';
    }
    setError(message);
    reset({ code: '' });
    setFocus('code');
    toast.error('Sign in Failed', { description: message });
  });

  const cancel = async () => {
    await signOut().catch(() => undefined);
    onCancel();
    router.refresh();
  };

  const busy = isSubmitting || refreshing;
  const label = recovery ? 'Recovery code' : 'Authentication code';
  return (
    <form onSubmit={onSubmit} noValidate className="mt-6" aria-describedby={error ? 'code-error' : 'code-help'}>
      <ReadyFieldset className="space-y-5">
        <CodeHelp recovery={recovery} email={email} />
        <div>
          <label htmlFor="login-code" className="block font-medium text-ink">
            {label}
          </label>
          <input
            id="login-code"
            type="text"
            autoComplete="one-time-code"
            inputMode={recovery ? 'text' : 'numeric'}
            autoCapitalize="off"
            spellCheck={false}
            autoFocus
            required
            aria-invalid={errors.code ? true : undefined}
            aria-describedby={errors.code ? 'login-code-error' : undefined}
            className={inputClass}
            {...register('code')}
          />
          <FieldMessage id="login-code-error" message={errors.code?.message} />
        </div>
        <FormAlert id="code-error" message={error} />
        <Button type="submit" className="w-full" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Verifying...' : 'Verify'}
        </Button>
        <OtherChoices
          recoveryCodes={recoveryCodes}
          recovery={recovery}
          busy={busy}
          onSwitch={() => {
            setRecovery(!recovery);
            setError(null);
            reset({ code: '' });
          }}
          onCancel={cancel}
        />
      </ReadyFieldset>
    </form>
  );
}

function CodeHelp({ recovery, email }: { recovery: boolean; email: string }) {
  return (
    <p id="code-help" className="text-ink-soft">
      {recovery ? (
        <>Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each code works once.</>
      ) : (
        <>
          Enter the 6-digit code from your authenticator app for <span className="font-medium text-ink">{email}</span>.
        </>
      )}
    </p>
  );
}

type OtherChoicesProps = {
  /** Whether the account has recovery codes: only then is there a switch to them. */
  recoveryCodes: boolean;
  recovery: boolean;
  busy: boolean;
  onSwitch: () => void;
  onCancel: () => void;
};

/** Under Verify: switch between the app's code and a recovery code, and Cancel. */
function OtherChoices({ recoveryCodes, recovery, busy, onSwitch, onCancel }: OtherChoicesProps) {
  return (
    <div className="flex flex-wrap justify-between gap-2 text-sm">
      {recoveryCodes ? (
        <button
          type="button"
          className="min-h-6 text-wash underline underline-offset-4 hover:text-wash-deep"
          onClick={onSwitch}
        >
          {recovery ? 'Use the authenticator app instead' : 'Use a recovery code instead'}
        </button>
      ) : (
        <span />
      )}
      <button
        type="button"
        className="min-h-6 text-ink-soft underline underline-offset-4 hover:text-ink"
        onClick={onCancel}
        disabled={busy}
      >
        Cancel
      </button>
    </div>
  );
}
