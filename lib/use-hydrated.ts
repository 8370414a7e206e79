import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the server's HTML and while React hydrates it, true from the render after: whether
 * this island's handlers are attached yet. Nothing is subscribed to; the server snapshot is what
 * differs.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
