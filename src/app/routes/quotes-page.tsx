import { business } from '../../../domain/business';
import { copy } from '../../../domain/copy';
import { Inbox } from '../../components/inbox/inbox';
import { StaffPage } from './staff-page';

/** Staff only: the sign-in form to anyone else. */
export function QuotesPage() {
  return (
    <StaffPage title={copy.quotes.heading} description={`Quote requests sent to ${business.name}, for staff.`} path="/quotes">
      <Inbox />
    </StaffPage>
  );
}
