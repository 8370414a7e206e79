/** Text-field classes on their own, for native controls in client islands (no tailwind-merge). */
export const fieldClasses =
  'w-full rounded-md border border-ink/25 bg-white px-3 text-base text-ink placeholder:text-ink-soft/80 focus-visible:border-wash focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-wash disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-clay';
