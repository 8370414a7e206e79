'use client';

import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { buttonVariants } from '@/components/ui/button-variants';
import { fieldClasses } from '@/components/ui/field-classes';
import { markOrderShipped } from '@/lib/shop/order-actions';
import { toast } from '@/lib/toast';
import { useHydrated } from '@/lib/use-hydrated';
import { runAction } from '../run-action';

export const SHIPPED_TOAST = {
  title: 'Marked as shipped',
  emailed: 'Emailed the buyer.',
  waiting: 'The email to the buyer waits until outgoing email is set up.',
} as const;

/** "Mark as shipped": the carrier (required) and the tracking number; the buyer is emailed both. */
export function ShipForm({ orderId, mailConfigured }: { orderId: string; mailConfigured: boolean }) {
  const ready = useHydrated();
  const router = useRouter();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string | null>(null);

  async function submit(form: HTMLFormElement) {
    const data = new FormData(form);
    setBusy(true);
    try {
      const result = await runAction(
        () =>
          markOrderShipped({
            id: orderId,
            carrier: String(data.get('carrier') ?? ''),
            tracking: String(data.get('tracking') ?? ''),
          }),
        'Not marked as shipped',
      );
      if (!result.ok) {
        setErrors(result.fieldErrors ?? {});
        setError(result.error);
        return;
      }
      setErrors({});
      setError(null);
      toast.success(SHIPPED_TOAST.title, {
        description: result.data.emailed ? SHIPPED_TOAST.emailed : SHIPPED_TOAST.waiting,
      });
      router.refresh();
    } finally {
      setBusy(false);
    }
  }

  const field = (name: 'carrier' | 'tracking', label: string, maxLength: number, required: boolean) => {
    const fieldError = errors[name]?.[0];
    return (
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-${name}`} className="text-sm font-medium text-ink">
          {label}
        </label>
        <input
          id={`${id}-${name}`}
          name={name}
          required={required}
          maxLength={maxLength}
          autoComplete="off"
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-${name}-error` : undefined}
          className={`${fieldClasses} h-10`}
        />
        {fieldError ? (
          <p id={`${id}-${name}-error`} className="text-sm text-clay">
            {fieldError}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-4 rounded-card border border-line bg-white p-5"
    >
      <h3 id={`${id}-heading`} className="font-serif text-xl">
        Mark as shipped
      </h3>
      <form
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          void submit(event.currentTarget);
        }}
      >
        {field('carrier', 'Carrier', 80, true)}
        {field('tracking', 'Tracking number (optional)', 120, false)}
        <p className="text-sm text-ink-soft sm:col-span-2">
          {mailConfigured
            ? 'The buyer is emailed that it has shipped, with the carrier and tracking number.'
            : 'Outgoing email is not set up: the email to the buyer waits until it is (SMTP_URL and MAIL_FROM).'}
        </p>
        {error && !Object.keys(errors).length ? (
          <p role="alert" className="text-sm text-clay sm:col-span-2">
            {error}
          </p>
        ) : null}
        <div className="sm:col-span-2">
          <button
            type="submit"
            disabled={!ready || busy}
            aria-busy={busy || undefined}
            className={buttonVariants({ size: 'sm' })}
          >
            Mark as shipped
          </button>
        </div>
      </form>
    </section>
  );
}
