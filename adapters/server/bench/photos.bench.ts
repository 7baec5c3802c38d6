// Photo benchmark (`npm run bench:photos`): for a 12-megapixel JPEG, the server's processing time (p50,
// p99); the server's peak memory while 5 such uploads run at once; a visitor's one small photo sent
// while five other visitors each send five large ones, with the server's peak memory meanwhile; and how
// many thumbnails a second a staff member paging through 50 of them is served. The server runs in a
// process of its own (real SQLite, real sharp, real HTTP on loopback): photo-bench-server.test-support.ts.
// A slow figure fails nothing; a broken run (a refused upload, a server that stopped, files left
// behind) exits non-zero.
// Node runs this file directly; ../extensionless-imports.ts lets it load the very code the server runs.
import '../../extensionless-imports.ts';

const write = (line: string) => process.stdout.write(`${line}\n`);

const { spawn } = await import('node:child_process');
const { readdirSync } = await import('node:fs');
const { loadavg } = await import('node:os');
const { createInterface } = await import('node:readline');
const { setTimeout: sleep } = await import('node:timers/promises');
const { SharpPhotoProcessor } = await import('../../photos/sharp-photo-processor.ts');
const { chosen, noisyJpeg } = await import('../../photos/test-photos.test-support.ts');

const width = 4000;
const height = 3000;
const runs = 40;
const concurrentUploads = 5;
const thumbnails = 50;
const pagingSeconds = 5;
/** The scenario of a small photo among large ones: five visitors sending five large photos each, again and again. */
const fair = { largeClients: 5, largePhotos: 5, smallSamples: 30, warmUpMs: 2000 };
const aims = { processingP99Ms: 1500, peakMb: 300, smallP99Ms: 1500, fairPeakMb: 350 };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(0)} MB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const met = (yes: boolean) => (yes ? 'met' : 'NOT MET');
const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');
const timed = async (run: () => Promise<void>) => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};
const spread = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0 };
};

write(`load average at the start: ${load()}`);
// A photo of noise: the hardest kind to decode and encode, kept under the 10 MB limit.
const photo = await noisyJpeg(width, height, 80);
write(`photo: ${width} × ${height} JPEG, ${mb(photo.byteLength)}`);
// A visitor's small photo: 2 megapixels, about 1 MB.
const smallPhoto = await noisyJpeg(1600, 1200, 85);
write(`small photo: 1600 × 1200 JPEG, ${(smallPhoto.byteLength / 1e6).toFixed(2)} MB`);

const processor = new SharpPhotoProcessor();
const times: number[] = [];
for (let run = 0; run < runs; run += 1) {
  const started = performance.now();
  const result = await processor.process(chosen('photo.jpg', photo));
  if (!result.ok) throw new Error(`the photo was refused: ${result.error.kind}`);
  times.push(performance.now() - started);
}
const processing = spread(times);
write(
  `processing, ${runs} runs one after another: p50 ${ms(processing.p50)}, p99 ${ms(processing.p99)} ` +
    `(aim: under ${aims.processingP99Ms} ms) ${met(processing.p99 < aims.processingP99Ms)}`,
);

const child = spawn(process.execPath, ['--experimental-transform-types', '--no-warnings', 'adapters/server/bench/photo-bench-server.test-support.ts'], {
  stdio: ['pipe', 'pipe', 'inherit'],
  // As `npm start` runs the server: two malloc arenas, not one per libvips thread, or glibc keeps
  // freed image buffers spread over many arenas and the peak grows by a third.
  env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' },
});
const exited = new Promise<string | undefined>((resolve) => {
  child.once('exit', (code, signal) => {
    resolve(code === 0 ? undefined : signal !== null ? `was stopped by ${signal}` : `exited with ${String(code)}`);
  });
});
const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
const nextLine = async () => {
  const line = await lines.next();
  if (line.done === true) throw new Error('the server stopped');
  return JSON.parse(line.value) as Record<string, unknown>;
};
const peakAndPhotos = async () => {
  child.stdin.write('peak\n');
  const answer = await nextLine();
  return { peak: Number(answer.peak), ids: answer.ids as Record<string, string[]> };
};
try {
  const server = (await nextLine()) as { url: string; cookie: string; uploadRoot: string };
  const fields = { name: 'Priya Raman', phone: '07700 900123', service_type: 'general', postcode: 'SE1 7PB' };
  /** Sends a request with `count` copies of `bytes` from the visitor at 198.51.100.`visitor`. */
  const upload = async (visitor: number, bytes = photo, count = 1) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    for (let index = 0; index < count; index += 1) body.append('photos', new Blob([Buffer.from(bytes)], { type: 'image/jpeg' }), `photo-${String(index)}.jpg`);
    const headers = { accept: 'application/json', 'x-forwarded-for': `198.51.100.${String(visitor)}` };
    const response = await fetch(`${server.url}/api/quote-requests`, { method: 'POST', headers, body });
    if (response.status !== 201) throw new Error(`an upload was answered ${String(response.status)}: ${await response.text()}`);
  };
  const noneLeftBehind = () => {
    if (readdirSync(server.uploadRoot).length > 0) throw new Error('uploads were left behind');
  };

  const { peak: idle } = await peakAndPhotos();
  const took = await timed(() => Promise.all(Array.from({ length: concurrentUploads }, (_, visitor) => upload(visitor + 1))).then(() => undefined));
  const { peak } = await peakAndPhotos();
  write(
    `${concurrentUploads} uploads at once: all stored in ${ms(took)}; the server's peak RSS ${mb(peak)} (${mb(idle)} idle; ` +
      `aim: under ${aims.peakMb} MB) ${met(peak < aims.peakMb * 1024 * 1024)}`,
  );
  noneLeftBehind();

  // Five visitors each send five large photos, and again once stored, while other visitors send a small
  // photo each, one after another: each of their requests is timed from the first byte sent to the answer.
  // An object, not two variables: the clients change it while the loops below read it.
  const run: { stopped: boolean; failure?: Error } = { stopped: false };
  const largeTimes: number[] = [];
  const largeClient = async (visitor: number) => {
    try {
      while (!run.stopped) largeTimes.push(await timed(() => upload(visitor, photo, fair.largePhotos)));
    } catch (cause) {
      run.stopped = true;
      run.failure ??= cause instanceof Error ? cause : new Error(String(cause));
    }
  };
  const large = Array.from({ length: fair.largeClients }, (_, visitor) => largeClient(visitor + 1));
  const smallTimes: number[] = [];
  try {
    await sleep(fair.warmUpMs);
    // Each from a visitor of its own: a newcomer among the five, as a visitor sending one photo is.
    while (!run.stopped && smallTimes.length < fair.smallSamples) smallTimes.push(await timed(() => upload(100 + smallTimes.length, smallPhoto, 1)));
  } finally {
    run.stopped = true;
    await Promise.all(large);
  }
  if (run.failure) throw run.failure;
  const { peak: fairPeak } = await peakAndPhotos();
  const small = spread(smallTimes);
  const big = spread(largeTimes);
  write(`one small photo while ${fair.largeClients} other visitors each send ${fair.largePhotos} large ones, again and again:`);
  write(
    `  the small photo's request, ${smallTimes.length} one after another: p50 ${ms(small.p50)}, p99 ${ms(small.p99)}, max ${ms(small.max)} ` +
      `(aim: p99 under ${aims.smallP99Ms} ms) ${met(small.p99 < aims.smallP99Ms)}`,
  );
  write(`  the large requests (${fair.largePhotos} photos each), ${largeTimes.length} stored: p50 ${ms(big.p50)}, max ${ms(big.max)}`);
  write(`  the server's peak RSS ${mb(fairPeak)} (aim: under ${aims.fairPeakMb} MB) ${met(fairPeak < aims.fairPeakMb * 1024 * 1024)}`);
  noneLeftBehind();

  // Fifty thumbnails to page through: ten requests of five photos each.
  for (let request = 0; request < thumbnails / 5; request += 1) await upload(1, photo, 5);
  const { ids } = await peakAndPhotos();
  const paths = Object.entries(ids)
    .flatMap(([id, photoIds]) => photoIds.map((photoId) => `/api/quote-requests/${id}/photos/${photoId}/thumbnail`))
    .slice(-thumbnails);
  let served = 0;
  const until = performance.now() + pagingSeconds * 1000;
  for (let index = 0; performance.now() < until; index = (index + 1) % paths.length) {
    const response = await fetch(`${server.url}${paths[index] ?? ''}`, { headers: { cookie: server.cookie } });
    if (response.status !== 200) throw new Error(`a thumbnail was answered ${String(response.status)}`);
    await response.arrayBuffer();
    served += 1;
  }
  write(`a staff member paging through ${String(paths.length)} thumbnails, one after another: ${(served / pagingSeconds).toFixed(0)} a second`);
  write(`load average at the end: ${load()}`);
} finally {
  child.stdin.end();
  const failed = await exited;
  if (failed !== undefined) {
    write(`the server ${failed}`);
    process.exitCode = 1;
  }
}
