'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ReadyFieldset } from '@/components/ui/ready-fieldset';
import type { ActionResult } from '@/lib/auth/types';
import { saveDiscountSettings } from '@/lib/newsletter/discount-actions';
import type { DiscountKind, DiscountSettings } from '@/lib/newsletter/discount-settings';
import { toast } from '@/lib/toast';

/** The kinds as the owner reads them, in the order the shop's filters name them. */
const KIND_LABELS = {
  print: 'Prints',
  card: 'Cards',
  coaster: 'Coasters',
  gift: 'Gifts',
  original: 'Originals',
} as const satisfies Record<DiscountKind, string>;
const KINDS = Object.keys(KIND_LABELS) as DiscountKind[];

type Errors = { fields: Record<string, string[]>; form: string | null };
const NONE: Errors = { fields: {}, form: null };

/**
 * The subscribers' discount (docs/product.md, The subscriber discount): on or off, the
 * percentage, and what it covers. The server checks every field again and saves all or nothing;
 * its messages show by their fields.
 */
export function DiscountSettingsForm({ settings }: { settings: DiscountSettings }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>(NONE);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    const result: ActionResult<DiscountSettings> = await saveDiscountSettings({
      on: form.get('on') === 'on',
      percent: String(form.get('percent') ?? ''),
      kinds: form.getAll('kinds').map(String),
    }).catch(() => ({ ok: false as const, error: 'The change could not be saved. Please try again.' }));
    setBusy(false);
    if (!result.ok) {
      const fields = result.fieldErrors ?? {};
      setErrors({ fields, form: Object.keys(fields).length ? null : result.error });
      toast.error('Not saved', { description: result.error });
      return;
    }
    setErrors(NONE);
    toast.success('Discount settings saved');
    router.refresh();
  }

  const percentError = errors.fields.percent?.[0];
  const kindsError = errors.fields.kinds?.[0];
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Subscriber discount"
      aria-busy={busy || undefined}
      className="flex flex-col gap-5 rounded-card border border-line bg-white p-5"
    >
      <ReadyFieldset>
        <div className="flex items-start gap-3">
          <Checkbox id="discount-on" name="on" defaultChecked={settings.on} aria-describedby="discount-on-help" />
          <div>
            <Label htmlFor="discount-on">Give subscribers a discount</Label>
            <p id="discount-on-help" className="text-sm text-ink-soft">
              Each confirmed subscriber has a code of their own for the shop’s basket. Off, every code stops working.
            </p>
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="discount-percent">Percentage off</Label>
          <Input
            id="discount-percent"
            name="percent"
            type="number"
            inputMode="numeric"
            min={1}
            max={90}
            step={1}
            defaultValue={String(settings.percent)}
            aria-invalid={percentError ? true : undefined}
            aria-describedby={percentError ? 'discount-percent-help discount-percent-error' : 'discount-percent-help'}
            className="w-28"
          />
          <p id="discount-percent-help" className="text-sm text-ink-soft">
            A whole number from 1 to 90. Delivery is never discounted.
          </p>
          {percentError ? (
            <p id="discount-percent-error" className="text-sm font-medium text-clay">
              {percentError}
            </p>
          ) : null}
        </div>
        <fieldset aria-describedby={kindsError ? 'discount-kinds-error' : undefined} className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-ink">What it applies to</legend>
          {KINDS.map((kind) => (
            <div key={kind} className="flex items-center gap-3">
              <Checkbox
                id={`discount-kind-${kind}`}
                name="kinds"
                value={kind}
                defaultChecked={settings.kinds.includes(kind)}
              />
              <Label htmlFor={`discount-kind-${kind}`} className="font-normal">
                {KIND_LABELS[kind]}
              </Label>
            </div>
          ))}
          {kindsError ? (
            <p id="discount-kinds-error" className="text-sm font-medium text-clay">
              {kindsError}
            </p>
          ) : null}
        </fieldset>
        <p role="alert" className={errors.form ? 'text-sm font-medium text-clay' : 'sr-only'}>
          {errors.form}
        </p>
        <div>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </ReadyFieldset>
    </form>
  );
}
