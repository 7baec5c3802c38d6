import fc from 'fast-check';
import { expect, test } from 'vitest';
import { FairQueue } from './fair-queue';

const twelveMegapixels = 4000 * 3000;
const twoMegapixels = 1600 * 1200;

/** Jobs that record when they start and finish only when told: the queue's order, with no clock. */
function observedQueue(concurrency: number, capacity = Infinity) {
  const queue = new FairQueue({ concurrency, capacity });
  const started: string[] = [];
  const running = new Map<string, { cost: number; finish: () => void }>();
  let mostAtOnce = 0;
  let overCapacity = false;
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    started,
    mostAtOnce: () => mostAtOnce,
    /** Whether a job ever started beside others past the capacity. */
    overCapacity: () => overCapacity,
    /** Queues `name` for `client`; resolves once it has run. */
    add: (client: string, name: string, cost = twelveMegapixels) =>
      queue.run(client, cost, () => {
        started.push(name);
        mostAtOnce = Math.max(mostAtOnce, running.size + 1);
        const load = [...running.values()].reduce((sum, job) => sum + job.cost, cost);
        if (running.size > 0 && load > capacity) overCapacity = true;
        return new Promise<void>((resolve) => running.set(name, { cost, finish: resolve }));
      }),
    /** Finishes the job that started first of those running, and lets the queue start the next. */
    finishOldest: async () => {
      await settle();
      const [name, job] = running.entries().next().value ?? [];
      if (name === undefined || job === undefined) throw new Error('nothing is running');
      running.delete(name);
      job.finish();
      await settle();
    },
    runningCount: () => running.size,
    settle,
  };
}

const clients = ['ana', 'ben', 'cat', 'dev', 'eve'];

test('a small photo queued after 25 large ones from five other visitors starts as soon as a place is free', async () => {
  const queue = observedQueue(2);
  const done = clients.flatMap((client) => [1, 2, 3, 4, 5].map((photo) => queue.add(client, `${client}-${String(photo)}`)));
  await queue.settle();
  done.push(queue.add('sam', 'small', twoMegapixels));
  while (queue.started.length < 26) await queue.finishOldest();
  while (queue.runningCount() > 0) await queue.finishOldest();
  await Promise.all(done);
  // The two that were running when it came, then the small photo: before the other 23.
  expect(queue.started.indexOf('small')).toBe(2);
});

test('visitors whose photos come one after another, as each request sends them, still let a newcomer go first', async () => {
  const queue = observedQueue(2);
  // Each visitor's next photo is queued when the one before it is done, as a request's photos are processed.
  const sendAll = async (client: string) => {
    for (let photo = 1; photo <= 5; photo += 1) await queue.add(client, `${client}-${String(photo)}`);
  };
  const done = clients.map(sendAll);
  await queue.settle();
  // Some photos in: every visitor has had one or more done, and has the next one waiting.
  for (let finished = 0; finished < 7; finished += 1) await queue.finishOldest();
  const before = queue.started.length;
  done.push(queue.add('sam', 'small', twoMegapixels));
  await queue.finishOldest();
  expect(queue.started.indexOf('small')).toBe(before);
  while (queue.runningCount() > 0) await queue.finishOldest();
  await Promise.all(done);
  expect(queue.started).toHaveLength(26);
});

test('visitors take turns: each one’s first photo starts before anyone’s second, whatever order they came in', async () => {
  const queue = observedQueue(1);
  const done = clients.flatMap((client) => [1, 2, 3].map((photo) => queue.add(client, `${client}-${String(photo)}`)));
  while (queue.started.length < 15) await queue.finishOldest();
  await queue.finishOldest();
  await Promise.all(done);
  expect(queue.started).toEqual([1, 2, 3].flatMap((photo) => clients.map((client) => `${client}-${String(photo)}`)));
});

test('a visitor who sends small photos gets more of them through than one who sends large ones', async () => {
  const queue = observedQueue(1);
  const done = [
    ...[1, 2, 3, 4].map((photo) => queue.add('ana', `large-${String(photo)}`, twelveMegapixels)),
    ...[1, 2, 3, 4, 5, 6, 7, 8].map((photo) => queue.add('ben', `small-${String(photo)}`, twoMegapixels)),
  ];
  while (queue.started.length < 12) await queue.finishOldest();
  await queue.finishOldest();
  await Promise.all(done);
  // Shares by pixels: six small photos (12 megapixels) for each large one; at a tie, the smaller first.
  expect(queue.started.slice(0, 9)).toEqual(['large-1', 'small-1', 'small-2', 'small-3', 'small-4', 'small-5', 'small-6', 'small-7', 'large-2']);
});

test('one visitor sending many requests at once has one share, not one per request', async () => {
  const queue = observedQueue(1);
  // Ten requests' photos from one address, then one photo from another visitor.
  const done = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((request) => queue.add('many', `many-${String(request)}`));
  done.push(queue.add('ana', 'ana-1'));
  while (queue.started.length < 11) await queue.finishOldest();
  await queue.finishOldest();
  await Promise.all(done);
  expect(queue.started.indexOf('ana-1')).toBe(1);
});

test('once the queue is idle, a visitor who sent much before starts afresh', async () => {
  const queue = observedQueue(1);
  const first = [1, 2, 3].map((photo) => queue.add('ana', `ana-${String(photo)}`));
  for (let photo = 0; photo < 3; photo += 1) await queue.finishOldest();
  await Promise.all(first);
  const later = [queue.add('ana', 'ana-4'), queue.add('ben', 'ben-1')];
  await queue.finishOldest();
  await queue.finishOldest();
  await Promise.all(later);
  expect(queue.started.slice(3)).toEqual(['ana-4', 'ben-1']);
});

test('a job that fails frees its place, and its failure is its caller’s alone', async () => {
  const queue = new FairQueue({ concurrency: 1 });
  const failed = queue.run('ana', 1, () => Promise.reject(new Error('cannot decode')));
  const next = queue.run('ben', 1, () => Promise.resolve('kept'));
  await expect(failed).rejects.toThrow('cannot decode');
  expect(await next).toBe('kept');
});

test('whatever arrives, every job runs once, never more at once than allowed nor past the capacity, each visitor’s in the order sent', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 3 }),
      fc.integer({ min: 1, max: 100 }),
      fc.array(fc.record({ client: fc.constantFrom('ana', 'ben', 'cat'), cost: fc.integer({ min: 1, max: 50 }), finishFirst: fc.nat(4) }), {
        minLength: 1,
        maxLength: 30,
      }),
      async (concurrency, capacity, arrivals) => {
        const queue = observedQueue(concurrency, capacity);
        const done: Promise<void>[] = [];
        for (const [index, { client, cost, finishFirst }] of arrivals.entries()) {
          for (let finished = 0; finished < finishFirst && queue.runningCount() > 0; finished += 1) await queue.finishOldest();
          done.push(queue.add(client, `${client}:${String(index)}`, cost));
          await queue.settle();
        }
        while (queue.runningCount() > 0) await queue.finishOldest();
        await Promise.all(done);
        expect([...queue.started].sort()).toEqual(arrivals.map(({ client }, index) => `${client}:${String(index)}`).sort());
        expect(queue.mostAtOnce()).toBeLessThanOrEqual(concurrency);
        expect(queue.overCapacity()).toBe(false);
        for (const client of ['ana', 'ben', 'cat']) {
          const order = queue.started.filter((name) => name.startsWith(`${client}:`)).map((name) => Number(name.split(':')[1]));
          expect(order).toEqual([...order].sort((a, b) => a - b));
        }
      },
    ),
    { numRuns: 200 },
  );
});

test('within the capacity, a small photo starts beside a large one at once, and a second large one waits', async () => {
  const queue = new FairQueue({ concurrency: 2, capacity: 16_000_000 });
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const add = (client: string, name: string, cost: number) =>
    queue.run(client, cost, () => {
      started.push(name);
      return new Promise<void>((resolve) => finish.set(name, resolve));
    });
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  const done = [add('ana', 'ana-large', twelveMegapixels), add('ben', 'ben-large', twelveMegapixels)];
  await settle();
  expect(started).toEqual(['ana-large']);
  done.push(add('sam', 'small', twoMegapixels));
  await settle();
  expect(started).toEqual(['ana-large', 'small']);
  finish.get('small')?.();
  finish.get('ana-large')?.();
  await settle();
  expect(started).toEqual(['ana-large', 'small', 'ben-large']);
  finish.get('ben-large')?.();
  await Promise.all(done);
});

test('a photo over the capacity runs alone, and no later photo jumps the line past it', async () => {
  const queue = new FairQueue({ concurrency: 2, capacity: 16_000_000 });
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const add = (client: string, name: string, cost: number) =>
    queue.run(client, cost, () => {
      started.push(name);
      return new Promise<void>((resolve) => finish.set(name, resolve));
    });
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  const done = [add('ana', 'ana-small', twoMegapixels), add('ben', 'ben-huge', 48_000_000), add('ben', 'ben-small', twoMegapixels)];
  await settle();
  // Ben's huge photo is next in line and does not fit beside ana's: it waits, and so does what comes after it.
  expect(started).toEqual(['ana-small']);
  done.push(add('cat', 'cat-small', twoMegapixels));
  await settle();
  // A newcomer is owed its turn before ben's (equal tags, and it is cheaper): it fits, so it starts.
  expect(started).toEqual(['ana-small', 'cat-small']);
  finish.get('ana-small')?.();
  finish.get('cat-small')?.();
  await settle();
  expect(started).toEqual(['ana-small', 'cat-small', 'ben-huge']);
  finish.get('ben-huge')?.();
  await settle();
  finish.get('ben-small')?.();
  await Promise.all(done);
  expect(started).toEqual(['ana-small', 'cat-small', 'ben-huge', 'ben-small']);
});
