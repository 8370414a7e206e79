'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { completeFirstRunSetup } from '@/lib/account/setup-actions';
import { SETUP_PASSWORD_MIN, setupSchema, type SetupInput } from '@/lib/auth/setup-schema';
import { toast } from '@/lib/toast';
import { FieldMessage, FormAlert } from './form-messages';
import { ReadyFieldset } from '@/components/ui/ready-fieldset';

const inputClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-ink/30 bg-white px-3 text-base text-ink focus-visible:border-wash focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-wash aria-invalid:border-clay';

type Field = 'email' | 'password' | 'confirm';
const fields: { name: Field; label: string; type: string; autoComplete: string; hint?: string }[] = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'username' },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    hint: `At least ${SETUP_PASSWORD_MIN} characters, hard to guess: a few unrelated words work well.`,
  },
  { name: 'confirm', label: 'Password again', type: 'password', autoComplete: 'new-password' },
];

/** Email and a new password for the first admin; on success they are signed in. */
export function SetupForm({ token }: { token: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [moving, startMoving] = useTransition();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SetupInput>({
    resolver: zodResolver(setupSchema),
    defaultValues: { token, email: '', password: '', confirm: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    let message: string;
    try {
      const result = await completeFirstRunSetup(values);
      if (result.ok) {
        toast.success('Signed in', { description: `Welcome, ${result.data.email}. Your admin account is ready.` });
        startMoving(() => {
          router.replace('/admin');
          router.refresh();
        });
        return;
      }
      message = result.error || 'Something went wrong';
    } catch {
      message = 'Something went wrong';
    }
    setError(message);
    toast.error('Setup Failed', { description: message });
  });

  const busy = isSubmitting || moving;
  return (
    <form onSubmit={onSubmit} noValidate className="mt-6" aria-describedby={error ? 'setup-error' : undefined}>
      <ReadyFieldset className="space-y-5">
        <input type="hidden" {...register('token')} />
        {fields.map((field) => {
          const id = `setup-${field.name}`;
          const message = errors[field.name]?.message;
          const describedBy =
            [field.hint ? `${id}-hint` : null, message ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
          return (
            <div key={field.name}>
              <label htmlFor={id} className="block font-medium text-ink">
                {field.label}
              </label>
              <input
                id={id}
                type={field.type}
                autoComplete={field.autoComplete}
                required
                aria-invalid={message ? true : undefined}
                aria-describedby={describedBy}
                className={inputClass}
                {...register(field.name)}
              />
              {field.hint ? (
                <p id={`${id}-hint`} className="mt-1 text-sm text-ink-soft">
                  {field.hint}
                </p>
              ) : null}
              <FieldMessage id={`${id}-error`} message={message} />
            </div>
          );
        })}
        <FormAlert id="setup-error" message={error} />
        <Button type="submit" className="w-full" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Creating Account...' : 'Create Admin Account'}
        </Button>
      </ReadyFieldset>
    </form>
  );
}
