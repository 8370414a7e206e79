import { ChevronDown } from 'lucide-react';
import { fieldClasses } from '@/components/ui/field-classes';
import { categories } from '@/lib/categories';

/**
 * Native controls for the bulk screen's small forms (no Radix or tailwind-merge in this
 * island). Each caller passes an id from useId(), so two queue items never share one.
 */
export const labelClasses = 'text-sm font-medium text-ink';
export const inputClasses = `${fieldClasses} h-10`;
export const textareaClasses = `${fieldClasses} min-h-20 py-2 leading-relaxed`;

type Described = { hint?: React.ReactNode; error?: string | null };

export function FieldRow({
  id,
  label,
  hint,
  error,
  className,
  children,
}: Described & { id: string; label: string; className?: string; children: React.ReactNode }) {
  return (
    <div className={`flex flex-col gap-1.5 ${className ?? ''}`}>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      {children}
      {hint ? (
        <div id={`${id}-hint`} className="text-sm text-ink-soft">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-clay">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria-describedby and aria-invalid for a control inside a FieldRow with this id. */
export function describedBy(id: string, { hint, error }: Described) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return { 'aria-describedby': ids || undefined, 'aria-invalid': error ? true : undefined };
}

export function CategorySelect(props: React.ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select {...props} className={`${inputClasses} appearance-none pr-9`}>
        {categories.map((category) => (
          <option key={category} value={category}>
            {category}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-ink-soft"
      />
    </div>
  );
}
