'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { disableTwoFactorSchema, secondFactorSchema, type DisableTwoFactorInput } from '@/lib/auth/schemas';
import { z } from '@/lib/zod';
import { confirmTwoFactor, disableTwoFactor, startTwoFactor } from '@/lib/account/two-factor-actions';
import type { Enrolment, TwoFactorStatus } from '@/lib/auth/two-factor/types';
import { toast } from '@/lib/toast';
import { ReadyFieldset } from '@/components/ui/ready-fieldset';

type Step = { name: 'idle' } | { name: 'enrolling'; enrolment: Enrolment } | { name: 'codes'; codes: string[] };

/**
 * Two-factor sign-in on the account page: turn on (scan the QR code or type the key, confirm
 * with a code, save the recovery codes shown once), or turn off with the password and a code.
 */
export function TwoFactorSettings({ status }: { status: TwoFactorStatus }) {
  const router = useRouter();
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [starting, startStarting] = useTransition();

  const start = () =>
    startStarting(async () => {
      const result = await startTwoFactor({}).catch(() => ({ ok: false as const, error: 'Something went wrong' }));
      if (result.ok) setStep({ name: 'enrolling', enrolment: result.data });
      else toast.error('Two-factor sign-in not turned on', { description: result.error });
    });

  return (
    <ReadyFieldset>
      <Card>
        <CardTitle>Two-factor sign-in</CardTitle>
        {step.name === 'codes' ? (
          <RecoveryCodes codes={step.codes} onDone={() => (setStep({ name: 'idle' }), router.refresh())} />
        ) : step.name === 'enrolling' ? (
          <Enrol
            enrolment={step.enrolment}
            onCancel={() => setStep({ name: 'idle' })}
            onDone={(codes) => setStep({ name: 'codes', codes })}
          />
        ) : status.enabled ? (
          <>
            <CardDescription>
              <span className="font-medium text-ink">On.</span> Signing in asks for a code from your authenticator app
              after your password.
              {status.recoveryCodesLeft !== null ? ` ${status.recoveryCodesLeft} of 10 recovery codes left.` : null}
            </CardDescription>
            <TurnOff onDone={() => router.refresh()} />
          </>
        ) : (
          <>
            <CardDescription>
              <span className="font-medium text-ink">Off.</span> With it on, signing in also asks for a 6-digit code
              from an authenticator app on your phone (such as Google Authenticator, 1Password or Authy), so a password
              alone is not enough.
            </CardDescription>
            <Button
              type="button"
              className="mt-4"
              onClick={start}
              disabled={starting}
              aria-busy={starting || undefined}
            >
              {starting ? 'Preparing...' : 'Turn on two-factor sign-in'}
            </Button>
          </>
        )}
      </Card>
    </ReadyFieldset>
  );
}

function Enrol({
  enrolment,
  onCancel,
  onDone,
}: {
  enrolment: Enrolment;
  onCancel: () => void;
  onDone: (codes: string[]) => void;
}) {
  const key = enrolment.secret.replace(/(.{4})/g, '$1 ').trim();
  return (
    <div className="mt-4 space-y-5">
      <ol className="list-decimal space-y-4 pl-5 text-ink">
        <li>
          <p>Scan this QR code with your authenticator app.</p>
          {/* A data URL made on the server: next/image adds nothing here. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={enrolment.qrCode}
            alt="QR code for setting up two-factor sign-in"
            width={192}
            height={192}
            className="mt-3 rounded-md border border-line bg-white"
          />
          <p className="mt-3 text-sm text-ink-soft">Or enter this setup key in the app by hand:</p>
          <code
            aria-label="Setup key"
            className="mt-1 block rounded-md bg-paper-deep/60 px-3 py-2 font-mono text-base tracking-wide break-all text-ink"
          >
            {key}
          </code>
        </li>
        <li>
          <p>Enter the 6-digit code the app shows.</p>
          <CodeForm
            id="enrol-code"
            label="Code from the app"
            submit="Turn on"
            busyLabel="Checking..."
            action={confirmTwoFactor}
            onSuccess={(data) => {
              // Supabase Auth gives no recovery codes: nothing to save then.
              toast.success(
                'Two-factor sign-in is on',
                data.recoveryCodes.length > 0 ? { description: 'Save your recovery codes now.' } : undefined,
              );
              onDone(data.recoveryCodes);
            }}
            failureTitle="Two-factor sign-in not turned on"
          />
        </li>
      </ol>
      <Button type="button" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  if (codes.length === 0) {
    return (
      <div className="mt-4 space-y-4">
        <p className="text-ink">
          Two-factor sign-in is on. Supabase Auth keeps no recovery codes: if you might lose your phone, save the setup
          key in a second authenticator app.
        </p>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </div>
    );
  }
  return (
    <div className="mt-4 space-y-4">
      <h3 className="font-medium text-ink" id="recovery-codes-heading">
        Save your recovery codes
      </h3>
      <p className="text-ink-soft">
        If you lose your phone, each of these codes signs you in once instead of the app&apos;s code. They are shown
        only now: copy or print them and keep them somewhere safe.
      </p>
      <ol aria-labelledby="recovery-codes-heading" className="grid grid-cols-2 gap-2 font-mono text-base text-ink">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-paper-deep/60 px-3 py-1.5">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="secondary"
          onClick={() =>
            navigator.clipboard.writeText(codes.join('\n')).then(
              () => toast.success('Recovery codes copied'),
              () => toast.error('Could not copy', { description: 'Select the codes and copy them by hand.' }),
            )
          }
        >
          Copy codes
        </Button>
        <Button type="button" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  );
}

function TurnOff({ onDone }: { onDone: () => void }) {
  return (
    <div className="mt-4">
      <CodeForm
        id="disable-code"
        label="Code from the app, or a recovery code"
        askPassword
        submit="Turn off two-factor sign-in"
        busyLabel="Turning off..."
        variant="destructive"
        action={disableTwoFactor}
        onSuccess={() => {
          toast.success('Two-factor sign-in is off', { description: 'Signing in now asks for your password only.' });
          onDone();
        }}
        failureTitle="Two-factor sign-in not turned off"
      />
    </div>
  );
}

type CodeAction<T> = (input: DisableTwoFactorInput) => Promise<{ ok: true; data: T } | { ok: false; error: string }>;

/** A code, and with askPassword the account's password before it (turning two-factor off). */
function CodeForm<T>(props: {
  id: string;
  label: string;
  askPassword?: boolean;
  submit: string;
  busyLabel: string;
  variant?: 'primary' | 'destructive';
  action: CodeAction<T>;
  onSuccess: (data: T) => void;
  failureTitle: string;
}) {
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<DisableTwoFactorInput>({
    // Without the password field, the password is not part of the form: any value passes.
    resolver: zodResolver(
      props.askPassword ? disableTwoFactorSchema : secondFactorSchema.extend({ password: z.string() }),
    ),
    defaultValues: { password: '', code: '' },
  });
  const [error, setError] = useState<string | null>(null);
  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const result = await props.action(values).catch(() => ({ ok: false as const, error: 'Something went wrong' }));
    reset({ password: '', code: '' });
    if (result.ok) {
      props.onSuccess(result.data);
      return;
    }
    setError(result.error);
    setFocus(props.askPassword ? 'password' : 'code');
    toast.error(props.failureTitle, { description: result.error });
  });
  const described = (field: 'code' | 'password') =>
    [errors[field] ? `${props.id}-${field}-invalid` : null, error ? `${props.id}-error` : null]
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 flex max-w-sm flex-col gap-3">
      {props.askPassword && (
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${props.id}-password`}>Your password</Label>
          <Input
            id={`${props.id}-password`}
            type="password"
            autoComplete="current-password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={described('password')}
            {...register('password')}
          />
          {errors.password && (
            <p id={`${props.id}-password-invalid`} className="text-sm text-clay">
              {errors.password.message}
            </p>
          )}
        </div>
      )}
      <div className="flex flex-col gap-1">
        <Label htmlFor={props.id}>{props.label}</Label>
        <Input
          id={props.id}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          aria-invalid={errors.code ? true : undefined}
          aria-describedby={described('code')}
          {...register('code')}
        />
        {errors.code && (
          <p id={`${props.id}-code-invalid`} className="text-sm text-clay">
            {errors.code.message}
          </p>
        )}
      </div>
      {error && (
        <p id={`${props.id}-error`} role="alert" className="text-sm text-clay">
          {error}
        </p>
      )}
      <Button
        type="submit"
        variant={props.variant}
        disabled={isSubmitting}
        aria-busy={isSubmitting || undefined}
        className="self-start"
      >
        {isSubmitting ? props.busyLabel : props.submit}
      </Button>
    </form>
  );
}
