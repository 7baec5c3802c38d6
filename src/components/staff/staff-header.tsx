import { Link } from '@tanstack/react-router';
import { useStore } from 'zustand';
import { business } from '../../../domain/business';
import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import { useAppContext } from '../../app/app-context-provider';
import { DropletIcon } from '../shared/icons';

const { staffNav: text } = inboxCopy;

/**
 * The staff pages' header: the business, the inbox and the settings, and who is signed in. It offers
 * no "Call Now" or "Get Quote": on a staff page those would ring the business itself.
 */
export function StaffHeader() {
  const staff = useAppContext((context) => context.staff);
  const email = useStore(staff, (state) => state.staff?.email);
  return (
    <header className="site-header staff-header">
      <div className="container header-row">
        <Link to="/" className="brand">
          <DropletIcon className="brand-icon" />
          <span className="brand-name">{business.name}</span>
        </Link>
        <nav aria-label={text.label} className="staff-nav">
          <Link to="/quotes" activeOptions={{ exact: true, includeSearch: false }}>
            {text.inbox}
          </Link>
          <Link to="/quotes/settings">{text.settings}</Link>
        </nav>
      </div>
      {email !== undefined && (
        <p className="container staff-signed-in">
          {inboxCopy.signedInAs} <strong>{email}</strong>
        </p>
      )}
    </header>
  );
}
