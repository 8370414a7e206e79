import { SocialIcon } from '@/components/site/social-icon';
import { CopyLinkButton } from './copy-link-button';
import { shareIconButton } from './share-style';

/** Share intents for the canonical URL; they open in a new tab, without access back to this one. */
export function shareTargets(url: string, title: string, image: string | null) {
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(`${title} by Elena Marsh`);
  return [
    { network: 'Facebook', label: 'Share on Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    {
      network: 'Twitter',
      label: 'Share on X (Twitter)',
      href: `https://twitter.com/intent/tweet?url=${u}&text=${text}`,
    },
    {
      network: 'Pinterest',
      label: 'Save on Pinterest',
      href: `https://pinterest.com/pin/create/button/?url=${u}&description=${text}${image ? `&media=${encodeURIComponent(image)}` : ''}`,
    },
  ] as const;
}

const PINTEREST =
  'M12 0a12 12 0 0 0-4.37 23.17c-.1-.95-.2-2.4.04-3.44l1.4-5.96s-.35-.72-.35-1.78c0-1.67.96-2.91 2.17-2.91 1.02 0 1.52.77 1.52 1.69 0 1.03-.66 2.57-1 4-.28 1.19.6 2.17 1.78 2.17 2.13 0 3.77-2.25 3.77-5.5 0-2.87-2.06-4.88-5.01-4.88-3.41 0-5.42 2.56-5.42 5.2 0 1.04.4 2.14.9 2.74.1.12.11.22.08.35l-.33 1.36c-.05.22-.18.27-.4.16-1.5-.7-2.44-2.89-2.44-4.65 0-3.78 2.75-7.26 7.93-7.26 4.16 0 7.4 2.97 7.4 6.93 0 4.14-2.61 7.47-6.23 7.47-1.22 0-2.36-.63-2.75-1.38l-.75 2.85c-.27 1.04-1 2.35-1.49 3.15A12 12 0 1 0 12 0z';

function ShareIcon({ network }: { network: 'Facebook' | 'Twitter' | 'Pinterest' }) {
  if (network !== 'Pinterest') return <SocialIcon network={network} />;
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d={PINTEREST} />
    </svg>
  );
}

export function ShareLinks({ url, title, image }: { url: string; title: string; image: string | null }) {
  return (
    <div className="share-links">
      <p>Share</p>
      <ul>
        {shareTargets(url, title, image).map((target) => (
          <li key={target.network}>
            <a
              href={target.href}
              target="_blank"
              rel="noopener noreferrer"
              data-insight="share"
              className={shareIconButton}
            >
              <ShareIcon network={target.network} />
              <span className="sr-only">{`${target.label} (opens in a new tab)`}</span>
            </a>
          </li>
        ))}
        <li>
          <CopyLinkButton url={url} />
        </li>
      </ul>
    </div>
  );
}
