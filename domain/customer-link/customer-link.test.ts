import fc from 'fast-check';
import { expect, test } from 'vitest';
import {
  customerLinkLive,
  customerLinkPath,
  customerLinkViewOf,
  describeCallBy,
  describeTriedAt,
  isCustomerTokenShaped,
} from './customer-link';
import { inboxQuoteArb } from '../../fixtures/inbox-arbitraries.test-support';
import { sampleCustomerToken, sampleInboxQuote } from '../../fixtures/sample-request.test-support';

const day = 24 * 60 * 60 * 1000;
const sam = 'sam.porter@se1plumbing.example';
const sent = new Date('2026-11-24T14:10:00Z');

test('a token has the shape stores make, and anything else is not looked up', () => {
  expect(isCustomerTokenShaped(sampleCustomerToken)).toBe(true);
  for (const other of ['', 'short', `${sampleCustomerToken}x`, sampleCustomerToken.replace('q', '/'), '../../etc/passwd', sampleCustomerToken.replace('q', '=')]) {
    expect(isCustomerTokenShaped(other)).toBe(false);
  }
  expect(customerLinkPath(sampleCustomerToken)).toBe(`/r/${sampleCustomerToken}`);
});

test('the page shows the customer their own fields, the promise while waiting, and their messages, oldest first', () => {
  const quote = sampleInboxQuote({
    createdAt: sent,
    urgent: false,
    notes: [
      { id: 'n3', text: 'Fixed it, no need to come', by: 'customer', at: new Date(sent.getTime() + 20 * 60_000) },
      { id: 'n2', text: 'Customer sounds worried, go first', by: sam, at: new Date(sent.getTime() + 15 * 60_000) },
      { id: 'n1', text: 'The leak is worse now', by: 'customer', at: new Date(sent.getTime() + 10 * 60_000) },
    ],
    taken: { by: sam, at: sent },
    spam: { score: 10, reasons: [{ signal: 'too-fast', weight: 10 }], sentAt: sent, cleared: { by: sam, at: sent } },
  });
  const view = customerLinkViewOf(quote, sent);
  expect(view?.status).toBe('new');
  expect(view?.callBy).toEqual(new Date(sent.getTime() + 2 * 60 * 60_000));
  expect(view?.messages.map(({ text }) => text)).toEqual(['The leak is worse now', 'Fixed it, no need to come']);
  // Nothing staff added or decided: no notes of theirs, no names, no spam mark, no id.
  const shown = JSON.stringify(view);
  for (const hidden of [sam, 'worried', 'too-fast', quote.id]) expect(shown).not.toContain(hidden);
});

test('the page shows nothing but what the customer gave, whatever staff did to the request', () => {
  fc.assert(
    fc.property(inboxQuoteArb, (quote) => {
      const view = customerLinkViewOf(quote, quote.createdAt);
      if (view === undefined) return;
      // The request's own fields, where it came from among them (their page shows only what they typed).
      expect(Object.keys(view.quote).sort()).toEqual([
        ...['createdAt', 'description', 'email', 'hasGclid', 'heardFrom', 'landingPage', 'name', 'phone', 'postcode', 'referrerHost', 'serviceType'],
        ...['urgent', 'utmCampaign', 'utmMedium', 'utmSource'],
      ]);
      for (const note of quote.notes.filter(({ by }) => by !== 'customer')) expect(view.messages.map(({ text }) => text)).not.toContain(note.text);
    }),
  );
});

test('no promise is shown once we have called', () => {
  const quote = sampleInboxQuote({ status: 'contacted', createdAt: sent, history: [{ from: 'new', to: 'contacted', by: sam, at: sent }] });
  expect(customerLinkViewOf(quote, sent)?.callBy).toBeNull();
});

test('once we rang and nobody answered, the page says when we last tried instead of the promise, while it waits', () => {
  const calls = [{ by: sam, at: new Date(sent.getTime() + 5 * 60_000) }, { by: sam, at: new Date(sent.getTime() + 50 * 60_000) }];
  const waiting = sampleInboxQuote({ createdAt: sent, callAttempts: calls });
  const view = customerLinkViewOf(waiting, sent);
  expect(view).toMatchObject({ callBy: null, triedAt: calls[1]?.at });
  // Who rang is staff's to know.
  expect(JSON.stringify(view)).not.toContain(sam);
  expect(customerLinkViewOf(sampleInboxQuote({ createdAt: sent, callAttempts: [] }), sent)).toMatchObject({ callBy: new Date(sent.getTime() + 2 * 60 * 60_000), triedAt: null });
  const contacted = sampleInboxQuote({ createdAt: sent, status: 'contacted', callAttempts: calls, history: [{ from: 'new', to: 'contacted', by: sam, at: sent }] });
  expect(customerLinkViewOf(contacted, sent)).toMatchObject({ callBy: null, triedAt: null });
});

test('when we tried says the time in London, and the day when it was not today', () => {
  expect(describeTriedAt(new Date('2026-11-24T14:02:00Z'), sent)).toBe('We tried to call you at 14:02');
  expect(describeTriedAt(new Date('2026-07-01T13:02:00Z'), new Date('2026-07-01T15:00:00Z'))).toBe('We tried to call you at 14:02');
  expect(describeTriedAt(new Date('2026-11-23T17:45:00Z'), sent)).toBe('We tried to call you at 17:45 on 23/11/2026');
});

test('the link lives while the request is open, and for 30 days after it closes', () => {
  const closedAt = new Date(sent.getTime() + day);
  const open = sampleInboxQuote({ createdAt: sent, status: 'quoted' });
  expect(customerLinkLive(open, new Date(sent.getTime() + 400 * day))).toBe(true);
  // A job booked is still under way, however long it takes.
  const booked = sampleInboxQuote({ createdAt: sent, status: 'won', history: [{ from: 'quoted', to: 'won', by: sam, at: closedAt }] });
  expect(customerLinkLive(booked, new Date(closedAt.getTime() + 400 * day))).toBe(true);
  for (const status of ['done', 'lost'] as const) {
    const closed = sampleInboxQuote({ createdAt: sent, status, history: [{ from: 'won', to: status, by: sam, at: closedAt }] });
    expect(customerLinkLive(closed, new Date(closedAt.getTime() + 30 * day - 1))).toBe(true);
    expect(customerLinkLive(closed, new Date(closedAt.getTime() + 30 * day))).toBe(false);
    expect(customerLinkViewOf(closed, new Date(closedAt.getTime() + 31 * day))).toBeUndefined();
  }
});

test('the promise says the time in London, and the day when it is not today', () => {
  expect(describeCallBy(new Date('2026-11-24T16:10:00Z'), sent)).toBe('We aim to call you by 16:10');
  // Summer time: 15:10 UTC is 16:10 in London.
  expect(describeCallBy(new Date('2026-07-01T15:10:00Z'), new Date('2026-07-01T13:00:00Z'))).toBe('We aim to call you by 16:10');
  expect(describeCallBy(new Date('2026-11-25T09:10:00Z'), sent)).toBe('We aim to call you by 09:10 on 25/11/2026');
});
