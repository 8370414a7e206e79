// clsx, not cn(): this renders inside client forms, where tailwind-merge would cost ~7 KB.
import { clsx as cn } from 'clsx';

/**
 * A visible label above its control. A native <label> keeps the public forms free of client
 * libraries; `required` adds the asterisk (hidden from screen readers, which hear "required").
 */
export function Field({
  id,
  label,
  required,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
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
    </div>
  );
}
