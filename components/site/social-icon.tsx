import type { SocialNetwork } from '@/lib/site';
import sprite from './social-icons.svg';

/**
 * Brand marks (lucide dropped its brand icons), drawn from one sprite file that the build hashes
 * and browsers cache for good: inline, their paths were about 1.9 KB of HTML and flight data on
 * every page with the footer. Decorative: the link around them carries the accessible name.
 * Without `className` the icon is sized by its list's rule (.social-links svg).
 */
export function SocialIcon({ network, className }: { network: SocialNetwork; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      {...(className ? { className } : {})}
    >
      <use href={`${sprite.src}#${network}`} />
    </svg>
  );
}
