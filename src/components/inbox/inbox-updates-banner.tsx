import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import { useStore } from 'zustand';
import { useAppContext } from '../../app/app-context-provider';

/**
 * Says when the list is behind the store (new requests, or others' changes), and shows the latest on
 * request: the list never changes under someone's hands while they work it.
 */
export function InboxUpdatesBanner() {
  const inbox = useAppContext((context) => context.inbox);
  const updates = useStore(inbox, (state) => state.updates);
  return (
    <div className="inbox-updates-region" aria-live="polite">
      {updates && (
        <div className="inbox-updates">
          <p>{updates.newRequests > 0 ? inboxCopy.updates.newRequests(updates.newRequests) : inboxCopy.updates.changed}</p>
          <button type="button" className="button button-primary" onClick={() => void inbox.getState().reload()}>
            {inboxCopy.updates.show}
          </button>
        </div>
      )}
    </div>
  );
}
