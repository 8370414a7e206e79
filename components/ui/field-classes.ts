/**
 * Text-field classes on their own, for the admin's primitives (components/ui/input.tsx...). Public
 * pages use the same styles as one class, .field-input (app/globals.css), which keeps their HTML
 * short and these utilities out of the public stylesheet.
 */
export const fieldClasses =
  'w-full rounded-md border border-ink/25 bg-white px-3 text-base text-ink placeholder:text-ink-soft/80 focus-visible:border-wash focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-wash disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-clay';
