'use client';

import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/lib/use-hydrated';

type NavigationApi = { canGoBack: boolean };

/**
 * Back to the previous page of this site, or to the home page when there is none (a fresh tab,
 * or a link from another site): history.back() there would leave the site, or reach about:blank.
 */
export function GoBackButton() {
  const router = useRouter();
  const ready = useHydrated();
  const goBack = () => {
    if (hasEarlierPageOfThisSite()) window.history.back();
    else router.push('/');
  };
  return (
    <Button type="button" variant="secondary" onClick={goBack} disabled={!ready}>
      Go Back
    </Button>
  );
}

function hasEarlierPageOfThisSite(): boolean {
  // The Navigation API lists only this origin's entries: canGoBack is false in a fresh tab and
  // after arriving from another site.
  const navigation = (window as unknown as { navigation?: NavigationApi }).navigation;
  if (navigation) return navigation.canGoBack;
  // Without it: a page of this site sent us here, and there is a page to go back to.
  try {
    return window.history.length > 1 && new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}
