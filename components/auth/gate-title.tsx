'use client';

import { useEffect, useId } from 'react';

/**
 * The tab title of a gate screen (login, Access Denied, check failed, setup). The admin page
 * behind the gate has its own metadata title ('Dashboard - Admin'), and Next puts it back in
 * front whenever the route refreshes (a sign-in does that), so while this screen is up its
 * title is kept first in <head>, where document.title reads it. When the screen goes, its
 * title goes with it and the page's own title is the tab's again.
 */
export function GateTitle({ title }: { title: string }) {
  const id = useId();
  useEffect(() => {
    const mineOnly = () =>
      [...document.head.querySelectorAll('title[data-gate-title]')].filter(
        (element) => element.getAttribute('data-gate-title') === id,
      );
    const keepFirst = () => {
      const mine = mineOnly()[0];
      const first = document.head.querySelector('title');
      if (mine && first && first !== mine) document.head.insertBefore(mine, first);
    };
    keepFirst();
    const observer = new MutationObserver(keepFirst);
    observer.observe(document.head, { childList: true });
    return () => observer.disconnect();
  }, [title, id]);
  useEffect(
    () => () => {
      // Gone from the page: React has removed the title it manages by now, but a copy the
      // streamed server HTML left in <head> (hydration does not always adopt it) would go on
      // naming the tab.
      for (const orphan of document.head.querySelectorAll(`title[data-gate-title="${CSS.escape(id)}"]`))
        orphan.remove();
    },
    [id],
  );
  // React 19 hoists <title> into <head>, in the server's HTML too.
  return <title data-gate-title={id}>{title}</title>;
}
