/**
 * Button classes on their own, so client islands can style a native <button> or <a> without
 * loading Radix Slot and tailwind-merge (components/ui/button.tsx re-exports this). The styles
 * are component classes in app/globals.css: short names keep repeated buttons small in the HTML.
 * A lookup rather than class-variance-authority: this is in most public pages' first JavaScript,
 * and two maps do what the library would.
 */
const variants = {
  primary: 'btn-primary',
  secondary: 'btn-secondary',
  ghost: 'btn-ghost',
  light: 'btn-light',
  outlineLight: 'btn-outline-light',
  destructive: 'btn-destructive',
} as const;

const sizes = { md: '', sm: 'btn-sm', icon: 'btn-icon' } as const;

export type ButtonVariantProps = { variant?: keyof typeof variants | null; size?: keyof typeof sizes | null };

export function buttonVariants({ variant, size }: ButtonVariantProps = {}): string {
  const sizeClass = sizes[size ?? 'md'];
  return `btn ${variants[variant ?? 'primary']}${sizeClass ? ` ${sizeClass}` : ''}`;
}
