import { cva } from 'class-variance-authority';

/** Button classes on their own, so client islands can style a native <button> or <a> without
 * loading Radix Slot and tailwind-merge (components/ui/button.tsx re-exports this). */
export const buttonVariants = cva(
  'inline-flex min-h-11 items-center justify-center gap-2 whitespace-nowrap rounded-full px-6 text-base font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-wash disabled:pointer-events-none disabled:opacity-60',
  {
    variants: {
      variant: {
        primary: 'bg-wash text-white hover:bg-wash-deep',
        secondary: 'border border-ink/20 bg-white text-ink hover:bg-paper-deep',
        ghost: 'text-ink hover:bg-paper-deep',
        light: 'bg-white/95 text-ink hover:bg-white',
        outlineLight: 'border border-white/80 text-white hover:bg-white/15',
        destructive: 'bg-clay text-white hover:bg-[#7f3b24]',
      },
      size: {
        md: '',
        sm: 'min-h-9 px-4 text-sm',
        icon: 'size-11 px-0',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);
