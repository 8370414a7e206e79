'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { ActionResult } from '@/lib/auth/types';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';

/** A save's field errors by field name, and the message that is about no one field. */
export type FormErrors = { fields: Record<string, string[]>; form: string | null };
const NONE: FormErrors = { fields: {}, form: null };

/**
 * One small form of /admin/shop: its fields go to the server action as they are typed (the
 * server parses them with the catalogue's schemas), the answer's errors show by their fields,
 * and a save refreshes the page's server-rendered data.
 */
export function useShopForm<T>(
  save: (values: Record<string, string>) => Promise<ActionResult<T>>,
  { saved, onSaved }: { saved: string; onSaved?: (data: T, form: HTMLFormElement) => void },
) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NONE);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries([...new FormData(form)].map(([key, value]) => [key, String(value)]));
    setBusy(true);
    const result = await save(values).catch(() => ({
      ok: false as const,
      error: 'The change could not be saved. Please try again.',
      fieldErrors: undefined,
    }));
    setBusy(false);
    if (!result.ok) {
      const fields = result.fieldErrors ?? {};
      setErrors({ fields, form: Object.keys(fields).length ? null : result.error });
      toast.error('Not saved', { description: result.error });
      return;
    }
    setErrors(NONE);
    toast.success(saved);
    onSaved?.(result.data, form);
    router.refresh();
  }

  return { busy, errors, onSubmit };
}

type FieldProps = { id: string; label: string; error?: string[]; hint?: string; className?: string };

/** Label, control, hint and error, wired together for assistive technology. */
function Field({
  id,
  label,
  error,
  hint,
  className,
  children,
}: FieldProps & {
  children: (control: { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }) => React.ReactNode;
}) {
  const describedBy =
    [hint ? `${id}-hint` : null, error?.length ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': error?.length ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
      {error?.length ? (
        <p id={`${id}-error`} className="text-sm font-medium text-clay">
          {error[0]}
        </p>
      ) : null}
    </div>
  );
}

export function TextInput({
  name,
  defaultValue,
  inputMode,
  ...props
}: FieldProps & {
  name: string;
  defaultValue?: string;
  inputMode?: React.HTMLAttributes<HTMLInputElement>['inputMode'];
}) {
  return (
    <Field {...props}>
      {(control) => <Input name={name} defaultValue={defaultValue} inputMode={inputMode} {...control} />}
    </Field>
  );
}

export function SelectInput({
  name,
  defaultValue,
  options,
  ...props
}: FieldProps & { name: string; defaultValue?: string; options: readonly { value: string; label: string }[] }) {
  return (
    <Field {...props}>
      {(control) => (
        <Select name={name} defaultValue={defaultValue} {...control}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

/** A save's message that is about no one field (a SKU already used, a product gone). */
export function FormError({ message }: { message: string | null }) {
  return (
    <p role="alert" className={message ? 'text-sm font-medium text-clay sm:col-span-full' : 'sr-only'}>
      {message}
    </p>
  );
}

export function TextAreaInput({
  name,
  defaultValue,
  rows = 3,
  ...props
}: FieldProps & { name: string; defaultValue?: string; rows?: number }) {
  return (
    <Field {...props}>
      {(control) => <Textarea name={name} defaultValue={defaultValue} rows={rows} {...control} />}
    </Field>
  );
}
