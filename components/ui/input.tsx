import { cn } from '@/lib/utils';

export const fieldClasses =
  'w-full rounded-md border border-ink/25 bg-white px-3 text-base text-ink placeholder:text-ink-soft/80 focus-visible:border-wash focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-wash disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-clay';

export function Input({ className, type = 'text', ...props }: React.ComponentProps<'input'>) {
  return <input type={type} className={cn(fieldClasses, 'h-10 file:mr-3 file:h-full file:border-0 file:bg-transparent file:font-medium file:text-wash', className)} {...props} />;
}
