'use client';

import Link from 'next/link';
import { useState, type ComponentProps } from 'react';

type IntentLinkProps = Omit<ComponentProps<typeof Link>, 'prefetch' | 'onMouseEnter' | 'onFocus' | 'onTouchStart'> & {
  /** Prefetch now, without waiting for intent (the main navigation's links once its menu opens). */
  wanted?: boolean;
};

/**
 * A link that Next prefetches on intent, not on sight: pointing at it, focusing it or touching it
 * turns Next's prefetch on (Next's own "hover-triggered prefetch" pattern), a few hundred
 * milliseconds before the click, so other pages' data never competes with this page's painting
 * (see docs/decisions/0010-prefetch-on-intent.md).
 */
export function IntentLink({ wanted = false, ...props }: IntentLinkProps) {
  const [intended, setIntended] = useState(false);
  const intend = () => setIntended(true);
  return (
    <Link
      {...props}
      prefetch={wanted || intended ? null : false}
      onMouseEnter={intend}
      onFocus={intend}
      onTouchStart={intend}
    />
  );
}
