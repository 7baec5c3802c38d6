import { useEffect } from 'react';
import { useAppContext } from '../../app/app-context-provider';

/** Once a minute is fresh enough for a call back promised within 30 minutes. */
const everyMs = 60_000;

/**
 * While the page is in view, checks the store every minute (and on coming back to the tab) for new
 * requests and others' changes: the summary and total update, the list says it is behind.
 */
export function useInboxRefresh(): void {
  const inbox = useAppContext((context) => context.inbox);
  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'visible') void inbox.getState().checkForUpdates();
    };
    const timer = window.setInterval(check, everyMs);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, [inbox]);
}
