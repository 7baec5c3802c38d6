import { describe } from 'vitest';
import { quoteInboxChangesContract } from './quote-inbox-changes.test-support';
import { quoteInboxCountsContract } from './quote-inbox-counts.test-support';
import { quoteInboxPagingContract } from './quote-inbox-paging.test-support';
import { quoteInboxTakingContract } from './quote-inbox-taking.test-support';
import type { SelfStampingQuoteInbox } from '../../domain/ports/quote-inbox';
import type { MakeStore } from './store-under-test.test-support';

/**
 * The behaviour every QuoteInbox adapter must have, judged against the domain's reference rules
 * (matchesQuery, compareInInbox): call it from the adapter's test file, as
 * `quoteInboxContract('SQLite', async ({ now }) => ({ repository, inbox, cleanup }))`. `make` gives an
 * empty store whose insert stamps createdAt with `now()`. Delivery trouble and resending are each
 * adapter's own tests: only an unknown request is checked here.
 *
 * An inbox told who and when must record exactly what it is told. One that stamps its own (its type
 * is a SelfStampingQuoteInbox) must be given the staff member it is signed in as: the suite then
 * expects that one as `by`, and plausible moments in the order things happened as `at`.
 */
export function quoteInboxContract<Make extends MakeStore>(
  name: string,
  make: Make,
  ...signedIn: Awaited<ReturnType<Make>>['inbox'] extends SelfStampingQuoteInbox ? [signedIn: { as: string }] : []
): void;
export function quoteInboxContract(name: string, make: MakeStore, signedIn?: { as: string }): void {
  describe(`${name} as a QuoteInbox`, () => {
    quoteInboxPagingContract(make);
    quoteInboxChangesContract(make, signedIn?.as);
    quoteInboxTakingContract(make, signedIn?.as);
    quoteInboxCountsContract(make);
  });
}
