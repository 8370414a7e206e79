import { cn } from '@/lib/utils';

/** A native checkbox at a 24px target, tinted with the site accent. */
export function Checkbox({ className, ...props }: Omit<React.ComponentProps<'input'>, 'type'>) {
  return <input type="checkbox" className={cn('size-5 shrink-0 accent-wash', className)} {...props} />;
}
