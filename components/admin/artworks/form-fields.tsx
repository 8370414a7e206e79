'use client';

import { createContext, useContext } from 'react';
import { useFormContext, type FieldPath, type UseFormRegisterReturn } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { ArtworkFormValues } from '@/lib/artworks/admin/schema';
import { cn } from '@/lib/utils';

type Name = FieldPath<ArtworkFormValues>;
type FieldProps = { name: Name; label: string; required?: boolean; hint?: React.ReactNode; className?: string };

/**
 * Each form's own id prefix (ArtworkForm gives a useId()). Next keeps a page the admin left
 * mounted but hidden (Activity), so after Add, Manage, Edit without a reload two forms share
 * the document: fixed ids would repeat, and each label would name two fields.
 */
const FieldIdPrefix = createContext('artwork');
export const FieldIdPrefixProvider = FieldIdPrefix.Provider;

/** The id of one of this form's controls. */
export function useFieldId(name: string): string {
  return `${useContext(FieldIdPrefix)}-${name}`;
}

/** Label, control, hint and the field's error, wired together for assistive technology. */
export function Field({
  name,
  label,
  required,
  hint,
  className,
  children,
}: FieldProps & { children: (control: ControlProps) => React.ReactNode }) {
  const { formState } = useFormContext<ArtworkFormValues>();
  const error = formState.errors[name as keyof ArtworkFormValues]?.message;
  const id = useFieldId(name);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {required ? (
          <span aria-hidden className="text-clay">
            {' '}
            *
          </span>
        ) : null}
      </Label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
      })}
      {hint ? (
        <div id={`${id}-hint`} className="text-sm text-ink-soft">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-clay">
          {String(error)}
        </p>
      ) : null}
    </div>
  );
}

type ControlProps = { id: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string; 'aria-required'?: boolean };

type TextFieldProps = FieldProps & {
  type?: string;
  inputMode?: React.HTMLAttributes<HTMLInputElement>['inputMode'];
  placeholder?: string;
  /** A registration with its own onChange, when the field drives another (title → slug). */
  registration?: UseFormRegisterReturn;
};

export function TextField({ type = 'text', inputMode, placeholder, registration, ...props }: TextFieldProps) {
  const { register, getValues } = useFormContext<ArtworkFormValues>();
  // The value is in the server's HTML too, not only set once the form hydrates.
  return (
    <Field {...props}>
      {(control) => (
        <Input
          type={type}
          inputMode={inputMode}
          placeholder={placeholder}
          defaultValue={String(getValues(props.name) ?? '')}
          {...control}
          {...(registration ?? register(props.name))}
        />
      )}
    </Field>
  );
}

export function TextAreaField({ rows, ...props }: FieldProps & { rows?: number }) {
  const { register, getValues } = useFormContext<ArtworkFormValues>();
  return (
    <Field {...props}>
      {(control) => (
        <Textarea
          rows={rows}
          defaultValue={String(getValues(props.name) ?? '')}
          {...control}
          {...register(props.name)}
        />
      )}
    </Field>
  );
}

export function SelectField({ options, ...props }: FieldProps & { options: readonly string[] }) {
  const { register, getValues } = useFormContext<ArtworkFormValues>();
  return (
    <Field {...props}>
      {(control) => (
        <Select defaultValue={String(getValues(props.name) ?? '')} {...control} {...register(props.name)}>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

export function CheckboxField({ name, label, hint }: { name: 'isForSale' | 'framed'; label: string; hint?: string }) {
  const { register, getValues } = useFormContext<ArtworkFormValues>();
  const id = useFieldId(name);
  return (
    <div className="flex items-start gap-3">
      <Checkbox
        id={id}
        className="mt-0.5"
        aria-describedby={hint ? `${id}-hint` : undefined}
        defaultChecked={Boolean(getValues(name))}
        {...register(name)}
      />
      <div>
        <Label htmlFor={id}>{label}</Label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-ink-soft">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export function Fieldset({
  legend,
  description,
  children,
}: {
  legend: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <fieldset className="rounded-card border border-line bg-white p-5 sm:p-6">
      <legend className="px-1 font-serif text-xl text-ink">{legend}</legend>
      {description ? <p className="mb-4 text-sm text-ink-soft">{description}</p> : null}
      <div className="grid gap-5 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
