import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/** False on the server and while hydrating, true once scripts run the page. */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeToNothing, () => true, () => false);
}
