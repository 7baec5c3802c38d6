import { describe } from 'vitest';
import { quoteInboxChangesContract } from './quote-inbox-changes.contract';
import { quoteInboxPagingContract } from './quote-inbox-paging.contract';
import type { InboxContractOptions, MakeStore } from './store-under-test.contract';

/**
 * The behaviour every QuoteInbox adapter must have, judged against the domain's reference rules
 * (matchesQuery, compareInInbox): call it from the adapter's test file, as
 * `quoteInboxContract('SQLite', async ({ now }) => ({ repository, inbox, cleanup }))`. `make` gives an
 * empty store whose insert stamps createdAt with `now()`. Delivery trouble and resending are each
 * adapter's own tests: only an unknown request is checked here.
 */
export function quoteInboxContract(name: string, make: MakeStore, options: InboxContractOptions = {}): void {
  describe(`${name} as a QuoteInbox`, () => {
    quoteInboxPagingContract(make);
    quoteInboxChangesContract(make, options);
  });
}
