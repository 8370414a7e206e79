'use client';

import { toast } from '@/lib/toast';
import { shareIconButton } from './share-style';
import { IconSvg } from '@/components/site/icon-svg';

/** Copies the canonical address; says so either way (clipboard access can be refused). */
export function CopyLinkButton({ url }: { url: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast('Link copied', { description: url });
    } catch {
      toast('Could not copy the link', { description: url });
    }
  }
  return (
    <button type="button" onClick={copy} data-insight="share" className={shareIconButton}>
      <IconSvg className="size-4">
        <path d="M9 17H7A5 5 0 0 1 7 7h2M15 7h2a5 5 0 1 1 0 10h-2M8 12h8" />
      </IconSvg>
      <span className="sr-only">Copy link</span>
    </button>
  );
}
