import { cva } from 'class-variance-authority';

/** Button classes on their own, so client islands can style a native <button> or <a> without
 * loading Radix Slot and tailwind-merge (components/ui/button.tsx re-exports this). The styles
 * are component classes in app/globals.css: short names keep repeated buttons small in the HTML. */
export const buttonVariants = cva('btn', {
  variants: {
    variant: {
      primary: 'btn-primary',
      secondary: 'btn-secondary',
      ghost: 'btn-ghost',
      light: 'btn-light',
      outlineLight: 'btn-outline-light',
      destructive: 'btn-destructive',
    },
    size: {
      md: '',
      sm: 'btn-sm',
      icon: 'btn-icon',
    },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
});
