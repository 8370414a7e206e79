import { socialLinks } from '@/lib/site';
import { cn } from '@/lib/utils';
import { SocialIcon } from './social-icon';

/** Instagram, Facebook and Twitter, opening in a new tab; each link is named for screen readers. */
export function SocialLinks({ className, tone = 'dark' }: { className?: string; tone?: 'dark' | 'light' }) {
  return (
    <ul className={cn('flex gap-2', className)}>
      {socialLinks.map((link) => (
        <li key={link.network}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Elena Marsh on ${link.network} (opens in a new tab)`}
            className={cn(
              'inline-flex size-11 items-center justify-center rounded-full transition-colors',
              tone === 'light' ? 'text-paper hover:bg-white/10' : 'text-wash-deep hover:bg-wash-light',
            )}
          >
            <SocialIcon network={link.network} className="size-5" />
          </a>
        </li>
      ))}
    </ul>
  );
}
