import { expect, test } from 'vitest';
import { type Activity, type ActivityKind } from './activity';
import { customerAuthor, systemAuthor } from './actor';
import { describeActivity, describeActor } from './activity-copy';

const stamp = { id: 'a1', by: 'sam@se1plumbing.example', at: new Date('2026-11-20T09:00:00Z') };

/** One entry of each kind, and the line the timeline and a customer's data give it. */
const lines: { [Kind in ActivityKind]: [Extract<Activity, { kind: Kind }>, string] } = {
  'status-moved': [{ ...stamp, kind: 'status-moved', from: 'new', to: 'contacted' }, 'Waiting → Contacted'],
  note: [{ ...stamp, kind: 'note', text: 'Rang back, call after six' }, 'Note: Rang back, call after six'],
  'customer-wrote': [{ ...stamp, by: customerAuthor, kind: 'customer-wrote', text: 'The leak is worse now' }, 'Customer wrote: The leak is worse now'],
  'call-attempted': [{ ...stamp, kind: 'call-attempted' }, 'Called, no answer'],
  taken: [{ ...stamp, kind: 'taken' }, 'Taken on'],
  'spam-cleared': [{ ...stamp, kind: 'spam-cleared' }, 'Moved from Spam'],
  'review-asked': [{ ...stamp, by: systemAuthor, kind: 'review-asked' }, 'Asked for a review'],
  'review-reminded': [{ ...stamp, by: systemAuthor, kind: 'review-reminded' }, 'Reminded about the review'],
  'review-opened': [{ ...stamp, by: customerAuthor, kind: 'review-opened' }, 'Review link opened'],
  'arrival-booked': [{ ...stamp, kind: 'arrival-booked', day: '2026-12-01', from: '08:00', to: '10:00' }, 'Booked Tue 1 Dec · 8–10am'],
};

test.for(Object.values(lines).map(([entry, line]) => ({ kind: entry.kind, entry, line })))('$kind is told as "$line"', ({ entry, line }) => {
  expect(describeActivity(entry)).toBe(line);
});

test('a move says what came of the job: its value when won, why when lost', () => {
  expect(describeActivity({ ...stamp, kind: 'status-moved', from: 'quoted', to: 'won', wonPence: 125_050 })).toBe('Quoted → Won (£1,250.50)');
  expect(describeActivity({ ...stamp, kind: 'status-moved', from: 'contacted', to: 'won', wonPence: 48_000 })).toBe('Contacted → Won (£480)');
  expect(describeActivity({ ...stamp, kind: 'status-moved', from: 'won', to: 'lost', lostReason: 'went-elsewhere' })).toBe('Won → Lost (Went elsewhere)');
  expect(describeActivity({ ...stamp, kind: 'status-moved', from: 'won', to: 'done' })).toBe('Won → Done');
});

test('who took a step: a staff member by their email, else the customer or the system', () => {
  expect(describeActor('sam@se1plumbing.example')).toBe('sam@se1plumbing.example');
  expect(describeActor(customerAuthor)).toBe('Customer');
  expect(describeActor(systemAuthor)).toBe('System');
});
