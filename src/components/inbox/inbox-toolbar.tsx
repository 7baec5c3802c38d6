import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import { useStore } from 'zustand';
import { copy } from '../../../domain/copy';
import { useAppContext } from '../../app/app-context-provider';
import { downloadFile } from './download-file';
import { DownloadIcon, RefreshIcon } from '../shared/icons';

/** The inbox's heading with the count for the current filter, its actions, and who is signed in. */
export function InboxToolbar() {
  const inbox = useAppContext((context) => context.inbox);
  const actions = useAppContext((context) => context.quoteActions);
  const staff = useAppContext((context) => context.staff);
  const email = useStore(staff, (state) => state.staff?.email);
  const status = useStore(inbox, (state) => state.status);
  const total = useStore(inbox, (state) => state.total);
  const counted = useStore(inbox, (state) => state.status === 'loaded' || state.quotes.length > 0);
  const exporting = useStore(actions, (state) => state.exporting);

  const exportCsv = async () => {
    const file = await actions.getState().exportCsv();
    if (file) downloadFile(file.csv, file.fileName, 'text/csv;charset=utf-8');
  };

  return (
    <div className="quotes-toolbar">
      <h1 id="quotes-title" tabIndex={-1}>
        {copy.quotes.heading} {counted && <span className="count">({total.toLocaleString('en-GB')})</span>}
      </h1>
      <div className="toolbar-actions">
        <button type="button" className="button button-outline" onClick={() => void inbox.getState().reload()} aria-disabled={status === 'loading'}>
          <RefreshIcon className={status === 'loading' ? 'spin' : undefined} /> {copy.quotes.refresh}
        </button>
        <button
          type="button"
          className="button button-outline"
          aria-disabled={exporting}
          onClick={() => {
            if (!exporting) void exportCsv();
          }}
        >
          <DownloadIcon /> {inboxCopy.exportCsv}
        </button>
      </div>
      <p className="signed-in-as">
        {inboxCopy.signedInAs} {email}{' '}
        <button type="button" className="button button-outline" onClick={() => void staff.getState().signOut()}>
          {inboxCopy.signOut}
        </button>
      </p>
    </div>
  );
}
