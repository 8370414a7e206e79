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
 * Styled through .field (app/globals.css); a text control inside takes .field-input.
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
    <div className={cn('field', className)}>
      <label htmlFor={id}>
        {label}
        {/* Two text nodes, as ever: one string would be shaped anew, a fraction of a pixel apart. */}
        {required && <span aria-hidden="true">{[' ', '*']}</span>}
      </label>
      {children}
      {error && <p id={fieldErrorId(id)}>{error}</p>}
    </div>
  );
}
