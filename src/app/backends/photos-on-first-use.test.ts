import { expect, test } from 'vitest';
import type { NewlyStored } from '../../../domain/ports/quote-repository';
import type { Arrival } from '../../../domain/spam/spam';
import { sampleQuote } from '../../../fixtures/sample-request.test-support';
import { photosOnFirstUse } from './photos-on-first-use';

test('the photos sent go with how the request arrived, for the spam rules, once the sender has loaded', async () => {
  const arrivals: (Arrival | undefined)[] = [];
  let loads = 0;
  const photos = photosOnFirstUse(() => {
    loads += 1;
    return Promise.resolve({
      sender: {
        send: (quote, _photos, _onProgress, arrival) => {
          arrivals.push(arrival);
          return Promise.resolve({ ...quote, id: 'q-1', createdAt: new Date(), customerToken: 'x'.repeat(43), heldAsSpam: false } satisfies NewlyStored);
        },
      },
      links: { photoUrl: () => Promise.resolve('blob:photo') },
    });
  });
  const arrival: Arrival = { honeypotFilled: false, formToken: 'issued-at-the-page' };
  await photos.sender.send(sampleQuote(), [], () => undefined, arrival);
  await photos.sender.send(sampleQuote(), [], () => undefined, arrival);
  expect(arrivals).toEqual([arrival, arrival]);
  expect(loads).toBe(1);
});
