import fc from 'fast-check';
import * as v from 'valibot';
import { expect, test } from 'vitest';
import { type QuoteStatus, QuoteStatusSchema, canChangeStatus, nextStatuses, quoteStatusLabels, quoteStatuses } from './quote-status';

const statusArb = fc.constantFrom(...quoteStatuses);

test('the statuses, in the order the inbox offers them', () => {
  expect(quoteStatuses).toEqual(['new', 'contacted', 'quoted', 'won', 'done', 'lost']);
});

test.for([
  ['new', ['contacted']],
  ['contacted', ['quoted', 'won', 'lost']],
  ['quoted', ['won', 'lost']],
  ['won', ['done', 'lost']],
  ['done', ['won']],
  ['lost', ['contacted']],
] as const)('from %s staff may move to %j', ([from, to]) => {
  expect(nextStatuses[from]).toEqual(to);
});

test('nothing moves back into new', () => {
  for (const from of quoteStatuses) expect(canChangeStatus(from, 'new')).toBe(false);
});

test('no status moves to itself', () => {
  for (const status of quoteStatuses) expect(canChangeStatus(status, status)).toBe(false);
});

test('every status can be reached from new', () => {
  const reached = new Set<QuoteStatus>(['new']);
  const queue: QuoteStatus[] = ['new'];
  for (let from = queue.shift(); from !== undefined; from = queue.shift()) {
    for (const to of nextStatuses[from]) {
      if (!reached.has(to)) {
        reached.add(to);
        queue.push(to);
      }
    }
  }
  expect([...reached].sort()).toEqual([...quoteStatuses].sort());
});

test('canChangeStatus allows exactly the moves nextStatuses lists', () => {
  fc.assert(
    fc.property(statusArb, statusArb, (from, to) => {
      expect(canChangeStatus(from, to)).toBe(nextStatuses[from].includes(to));
    }),
  );
});

test('every status lists its moves, each to a known status, once', () => {
  expect(Object.keys(nextStatuses).sort()).toEqual([...quoteStatuses].sort());
  for (const from of quoteStatuses) {
    const moves = nextStatuses[from];
    expect(new Set(moves).size).toBe(moves.length);
    for (const to of moves) expect(quoteStatuses).toContain(to);
  }
});

test('QuoteStatusSchema accepts exactly the statuses', () => {
  const candidateArb = fc.oneof(statusArb, fc.string(), statusArb.map((status) => status.toUpperCase()), statusArb.map((status) => ` ${status}`));
  fc.assert(
    fc.property(candidateArb, (candidate) => {
      expect(v.is(QuoteStatusSchema, candidate)).toBe(quoteStatuses.some((status) => status === candidate));
    }),
  );
});

test.for([undefined, null, 1, true, {}, ['new']])('QuoteStatusSchema refuses %j with a message staff can read', (input) => {
  const result = v.safeParse(QuoteStatusSchema, input);
  expect(result.success).toBe(false);
  expect(result.issues?.[0]?.message).toBe('Choose a status from the list');
});

test('every status has a label, and no two share one', () => {
  expect(Object.keys(quoteStatusLabels).sort()).toEqual([...quoteStatuses].sort());
  const labels = quoteStatuses.map((status) => quoteStatusLabels[status]);
  for (const label of labels) expect(label.trim()).not.toBe('');
  expect(new Set(labels).size).toBe(labels.length);
  expect(labels).toEqual(['New', 'Contacted', 'Quoted', 'Won', 'Done', 'Lost']);
});
