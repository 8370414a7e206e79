import { useEffect } from 'react';

export const LEAVE_WARNING =
  'Uploads are still running. If you leave this page, the images not yet uploaded will not be added. Leave anyway?';

/**
 * While `active`, leaving the page asks first (`message`):
 * - closing or reloading the tab, or Back to a page loaded before this one: the browser's own
 *   beforeunload prompt;
 * - following a link inside the app: a confirm (a capturing click listener runs before Next's
 *   <Link>, which does nothing once the click's default is prevented);
 * - Back or Forward to another screen of the app, which Next shows without unloading: a confirm
 *   from the Navigation API's `navigate` event, which can cancel a traversal within the
 *   document (a popstate only reports one that already happened). Browsers without the API
 *   (before Chrome 102, Firefox 147, Safari 26.2) go back without asking.
 */
export function useLeaveGuard(active: boolean, message: string = LEAVE_WARNING) {
  useEffect(() => {
    if (!active) return;
    // A link the owner already agreed to follow may reload the page: no second prompt then.
    let agreed = false;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (agreed) return;
      event.preventDefault();
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
      if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      const to = new URL(link.href, window.location.href);
      if (
        to.origin === window.location.origin &&
        to.pathname === window.location.pathname &&
        to.search === window.location.search
      )
        return;
      if (window.confirm(message)) {
        agreed = true;
        return;
      }
      event.preventDefault();
      event.stopPropagation();
    };
    const onNavigate = (event: NavigateEvent) => {
      if (agreed || event.navigationType !== 'traverse' || !event.cancelable) return;
      if (window.confirm(message)) {
        agreed = true;
        return;
      }
      event.preventDefault();
    };
    const navigation = 'navigation' in window ? window.navigation : undefined;
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    navigation?.addEventListener('navigate', onNavigate);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      navigation?.removeEventListener('navigate', onNavigate);
    };
  }, [active, message]);
}
