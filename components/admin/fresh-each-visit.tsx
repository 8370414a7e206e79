'use client';

import { useRouter } from 'next/navigation';
import { Fragment, type ReactNode } from 'react';

/**
 * A form that starts from the server's values each time its page is opened. With Cache
 * Components, Next keeps pages the owner left (hidden, in React's Activity) and shows them again
 * as they were: the New Story page, opened after a story was saved from it, would show that
 * story and save over it. Keyed on the router's `bfcacheId`, the form is made afresh on a link or
 * a redirect to its page, and kept on Back/Forward and on a refresh after a save.
 */
export function FreshEachVisit({ children }: { children: ReactNode }) {
  const { bfcacheId } = useRouter();
  return <Fragment key={bfcacheId}>{children}</Fragment>;
}
