import { quoteInboxContract } from '../quote-inbox.contract';
import { sqlDialects } from './scratch-database';
import { makeSqlStore } from './sql-store.test-support';

for (const dialect of sqlDialects) {
  quoteInboxContract(`SqlQuoteInbox on ${dialect}`, ({ now }) => makeSqlStore(dialect, { now }));
}
