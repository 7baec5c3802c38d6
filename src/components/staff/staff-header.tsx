import { Link } from '@tanstack/react-router';
import { useStore } from 'zustand';
import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import { useAppContext } from '../../app/app-context-provider';
import { Brand } from '../shared/brand';

const { staffNav: text } = inboxCopy;

/**
 * The staff pages' header: the business, the inbox, the services due, the report and the settings, and who is signed in. It offers
 * no "Call Now" or "Get Quote": on a staff page those would ring the business itself.
 */
export function StaffHeader() {
  const staff = useAppContext((context) => context.staff);
  const email = useStore(staff, (state) => state.staff?.email);
  return (
    <header className="site-header staff-header">
      <div className="container header-row">
        <Brand />
        <nav aria-label={text.label} className="staff-nav">
          <Link to="/quotes" activeOptions={{ exact: true, includeSearch: false }}>
            {text.inbox}
          </Link>
          <Link to="/quotes/service-due">{text.serviceDue}</Link>
          <Link to="/quotes/report">{text.report}</Link>
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
