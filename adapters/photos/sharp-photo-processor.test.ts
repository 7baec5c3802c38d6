import { beforeAll, expect, test } from 'vitest';
import { photoProcessorContract } from '../contracts/photo-processor.test-support';
import { FairQueue, type FlowKey } from './fair-queue';
import { SharpPhotoProcessor } from './sharp-photo-processor';
import { chosen, decompressionBomb, pdfBytes, sidewaysPhoneJpeg } from './test-photos.test-support';

photoProcessorContract('SharpPhotoProcessor', () => Promise.resolve(new SharpPhotoProcessor()));

let bomb: Uint8Array;
beforeAll(async () => {
  bomb = await decompressionBomb();
}, 60_000);

test('each client’s photos queue as its own flow, counted in pixels; a newcomer goes ahead of a client’s later photos; a refused file never waits', async () => {
  const queued: { flow: FlowKey; cost: number }[] = [];
  let fourQueued: () => void = () => undefined;
  const allQueued = new Promise<void>((resolve) => {
    fourQueued = resolve;
  });
  // Sees each job as it is queued, so the test waits for the queue's state, never for a clock.
  class WatchedQueue extends FairQueue {
    override run<T>(flow: FlowKey, cost: number, job: () => Promise<T>): Promise<T> {
      queued.push({ flow, cost });
      if (queued.length === 4) fourQueued();
      return super.run(flow, cost, job);
    }
  }
  const queue = new WatchedQueue({ concurrency: 1 });
  const fair = new SharpPhotoProcessor({ queue });
  let release: () => void = () => undefined;
  const held = queue.run('someone', 1, () => new Promise<void>((resolve) => (release = resolve)));
  const photo = await sidewaysPhoneJpeg(400, 300);
  const finished: string[] = [];
  const send = async (client: string, name: string) => {
    const result = await fair.forClient(client).process(chosen(name, photo));
    if (!result.ok) throw new Error(`refused: ${result.error.kind}`);
    finished.push(name);
  };
  const ana = [send('ana', 'ana-1.jpg'), send('ana', 'ana-2.jpg')];
  // Judged from its header while the queue is held: it would wait for ever if it queued.
  expect(await fair.forClient('ben').process(chosen('boiler.jpg', pdfBytes))).toEqual({ ok: false, error: { kind: 'not-an-image', file: 'boiler.jpg' } });
  expect(await fair.forClient('ben').process(chosen('bomb.png', bomb, 'image/png'))).toEqual({ ok: false, error: { kind: 'too-many-pixels', file: 'bomb.png' } });
  const ben = send('ben', 'ben-1.jpg');
  await allQueued;
  release();
  await Promise.all([held, ...ana, ben]);
  expect(queued.slice(1).sort((a, b) => String(a.flow).localeCompare(String(b.flow)))).toEqual([
    { flow: 'ana', cost: 400 * 300 },
    { flow: 'ana', cost: 400 * 300 },
    { flow: 'ben', cost: 400 * 300 },
  ]);
  // Ben's photo came last, but ana had one photo before it: ana's second waits for ben's.
  expect(finished).toHaveLength(3);
  expect(finished.at(-1)).toMatch(/^ana-/);
});
