// clsx, not cn(): this renders inside client forms, where tailwind-merge would cost ~7 KB.
import { clsx as cn } from 'clsx';

/** What a public message form marks after a refused submit. */
export type FormProblems = { missing: readonly string[]; emailHint: string | null };

export const NO_PROBLEMS: FormProblems = { missing: [], emailHint: null };

/** The id of a field's error text, for its control's aria-describedby. */
export const fieldErrorId = (id: string) => `${id}-error`;

/**
 * A visible label above its control. A native <label> keeps the public forms free of client
 * libraries; `required` adds the asterisk (hidden from screen readers, which hear "required").
 * `error` shows under the control; point the control's aria-describedby at fieldErrorId(id).
 */
export function Field({
  id,
  label,
  required,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string | null;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required && (
          <span aria-hidden="true" className="text-clay">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {error && (
        <p id={fieldErrorId(id)} className="text-sm font-medium text-clay">
          {error}
        </p>
      )}
    </div>
  );
}
