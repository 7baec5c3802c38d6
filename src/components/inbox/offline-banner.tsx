import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import { useSyncExternalStore } from 'react';

function subscribe(changed: () => void) {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}

// A page rendered ahead of time, on the server or at build, is drawn as online.
const online = () => navigator.onLine;
const onlineOnServer = () => true;

/**
 * Says plainly when the device has no connection, and goes away when it is back. Drawn only while
 * offline, so the page's one status region online stays the toasts'.
 */
export function OfflineBanner() {
  const isOnline = useSyncExternalStore(subscribe, online, onlineOnServer);
  if (isOnline) return null;
  return (
    <p role="status" className="offline-banner">
      {inboxCopy.offline.banner}
    </p>
  );
}
