'use client';

import { Link2 } from 'lucide-react';
import { toast } from '@/lib/toast';
import { shareIconButton } from './share-style';

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
    <button type="button" onClick={copy} className={shareIconButton}>
      <Link2 aria-hidden className="size-4" />
      <span className="sr-only">Copy link</span>
    </button>
  );
}
