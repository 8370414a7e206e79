import { cn } from '@/lib/utils';
import { fieldClasses } from './field-classes';

export { fieldClasses };

export function Input({ className, type = 'text', ...props }: React.ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        fieldClasses,
        'h-10 file:mr-3 file:h-full file:border-0 file:bg-transparent file:font-medium file:text-wash',
        className,
      )}
      {...props}
    />
  );
}
