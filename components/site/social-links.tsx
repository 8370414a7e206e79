import { socialLinks } from '@/lib/site';
import { cn } from '@/lib/utils';
import { SocialIcon } from './social-icon';

/**
 * Instagram, Facebook and Twitter, opening in a new tab; each link is named for screen readers.
 * Styled through the list (.social-links, .social-links-light for pale icons on a dark ground).
 */
export function SocialLinks({ className, tone = 'dark' }: { className?: string; tone?: 'dark' | 'light' }) {
  return (
    <ul className={cn('social-links', tone === 'light' && 'social-links-light', className)}>
      {socialLinks.map((link) => (
        <li key={link.network}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Elena Marsh on ${link.network} (opens in a new tab)`}
          >
            <SocialIcon network={link.network} />
          </a>
        </li>
      ))}
    </ul>
  );
}
