import { useStore } from 'zustand';
import { copy } from '../../../domain/copy';
import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import { useAppContext } from '../../app/app-context-provider';
import { AlertIcon, RefreshIcon } from '../shared/icons';

/** How many wait and how many of them are overdue, in one line; nothing until the summary is read. */
function WaitingCounts() {
  const inbox = useAppContext((context) => context.inbox);
  const summary = useStore(inbox, (state) => state.summary);
  if (summary === null) return null;
  return (
    <p className={summary.overdue > 0 ? 'inbox-counts inbox-counts-overdue' : 'inbox-counts'}>
      {summary.overdue > 0 && <AlertIcon />} {inboxCopy.counts(summary.waiting, summary.overdue)}
    </p>
  );
}

/** The inbox's heading with the count for the current filter, what waits, and Refresh: it stays in view as the list scrolls. */
export function InboxToolbar() {
  const inbox = useAppContext((context) => context.inbox);
  const status = useStore(inbox, (state) => state.status);
  const total = useStore(inbox, (state) => state.total);
  const counted = useStore(inbox, (state) => state.status === 'loaded' || state.quotes.length > 0);

  return (
    <div className="quotes-toolbar">
      <div className="quotes-toolbar-text">
        <h1 id="quotes-title" tabIndex={-1}>
          {copy.quotes.heading} {counted && <span className="count">({total.toLocaleString('en-GB')})</span>}
        </h1>
        <WaitingCounts />
      </div>
      <button type="button" className="button button-outline button-refresh" onClick={() => void inbox.getState().reload()} aria-disabled={status === 'loading'}>
        <RefreshIcon className={status === 'loading' ? 'spin' : undefined} /> {copy.quotes.refresh}
      </button>
    </div>
  );
}
