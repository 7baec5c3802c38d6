import { expect, test } from 'vitest';
import type { NewQuote, QuoteRequest } from '../../domain/quote';
import { quoteRepositoryContract } from '../quote-repository.contract';
import { InMemoryQuoteRepository } from './in-memory-quote-repository';

quoteRepositoryContract('InMemoryQuoteRepository', ({ now }) => ({ repository: new InMemoryQuoteRepository({ now }) }));

const quote: NewQuote = {
  name: 'Sean Gallagher',
  email: null,
  phone: '07700 900871',
  serviceType: 'emergency',
  description: 'Burst pipe under the stairs.',
  urgent: true,
};

const seeded: QuoteRequest = { ...quote, id: 'seeded', createdAt: new Date('2024-05-01T08:00:00Z') };

test('seeded quotes are listed with the inserted ones', async () => {
  const repository = new InMemoryQuoteRepository({ seed: [seeded], now: () => new Date('2024-05-01T09:00:00Z') });
  const inserted = await repository.insert(quote);
  expect(await repository.listNewestFirst()).toEqual([inserted, seeded]);
});

test('among quotes stored at the same time, the later insert comes first', async () => {
  let id = 0;
  const repository = new InMemoryQuoteRepository({ now: () => new Date('2024-05-01T09:00:00Z'), newId: () => `q${++id}` });
  await repository.insert(quote);
  await repository.insert(quote);
  await repository.insert(quote);
  expect((await repository.listNewestFirst()).map(({ id }) => id)).toEqual(['q3', 'q2', 'q1']);
});

test('changing a returned quote does not change what is stored', async () => {
  const repository = new InMemoryQuoteRepository();
  const inserted = await repository.insert(quote);
  const expected = { ...inserted, createdAt: new Date(inserted.createdAt) };

  inserted.name = 'Someone else';
  inserted.createdAt.setFullYear(1999);
  const [listed] = await repository.listNewestFirst();
  if (listed === undefined) throw new Error('the inserted quote is missing');
  listed.phone = '000';
  listed.createdAt.setFullYear(1999);

  expect(await repository.listNewestFirst()).toEqual([expected]);
});

test('changing the seed afterwards does not change what is stored', async () => {
  const seed = { ...seeded, createdAt: new Date(seeded.createdAt) };
  const repository = new InMemoryQuoteRepository({ seed: [seed] });
  seed.name = 'Someone else';
  seed.createdAt.setFullYear(1999);
  expect(await repository.listNewestFirst()).toEqual([seeded]);
});

test('seeded quotes can be deleted like inserted ones, singly or by age', async () => {
  const old = { ...seeded, id: 'old', createdAt: new Date('2022-01-01T08:00:00Z') };
  const repository = new InMemoryQuoteRepository({ seed: [seeded, old], now: () => new Date('2024-05-01T09:00:00Z') });
  const inserted = await repository.insert(quote);

  expect(await repository.deleteCreatedBefore(new Date('2024-01-01T00:00:00Z'))).toBe(1);
  expect(await repository.delete('seeded')).toBe(true);
  expect(await repository.listNewestFirst()).toEqual([inserted]);
});

test('deleting keeps the order of the quotes stored at the same time', async () => {
  let id = 0;
  const repository = new InMemoryQuoteRepository({ now: () => new Date('2024-05-01T09:00:00Z'), newId: () => `q${++id}` });
  for (let i = 0; i < 3; i++) await repository.insert(quote);
  await repository.delete('q3');
  await repository.insert(quote);
  expect((await repository.listNewestFirst()).map(({ id }) => id)).toEqual(['q4', 'q2', 'q1']);
});
