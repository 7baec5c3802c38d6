import { serviceRemindersContract } from '../contracts/service-reminders.test-support';
import { pricedQuotesContract } from '../contracts/priced-quotes.test-support';
import { quoteInboxContract } from '../contracts/quote-inbox.test-support';
import { quoteInboxCallAttemptsContract } from '../contracts/quote-inbox-call-attempts.test-support';
import { reportSourceContract } from '../contracts/report-source.test-support';
import { sqlDialects } from './scratch-database.test-support';
import { makeSqlStore } from './sql-store.test-support';

for (const dialect of sqlDialects) {
  quoteInboxContract(`SqlQuoteInbox on ${dialect}`, ({ now }) => makeSqlStore(dialect, { now }));
  quoteInboxCallAttemptsContract(`SqlQuoteInbox on ${dialect}`, ({ now }) => makeSqlStore(dialect, { now }));
  reportSourceContract(`SqlQuoteInbox on ${dialect}`, ({ now }) => makeSqlStore(dialect, { now }));
  serviceRemindersContract(`SqlQuoteInbox on ${dialect}`, ({ now }) => makeSqlStore(dialect, { now }));
  pricedQuotesContract(`SqlQuoteInbox on ${dialect}`, ({ now }) => makeSqlStore(dialect, { now }));
}
