// Photo benchmark (`npm run bench:photos`): for a 12-megapixel JPEG, the server's processing time (p50,
// p99); the server's peak memory while 5 such uploads run at once; and how many thumbnails a second a
// staff member paging through 50 of them is served. The server runs in a process of its own (real
// SQLite, real sharp, real HTTP on loopback): photo-bench-server.test-support.ts.
// Node runs this file directly; ../extensionless-imports.ts lets it load the very code the server runs.
import '../../extensionless-imports.ts';

const write = (line: string) => process.stdout.write(`${line}\n`);

const { spawn } = await import('node:child_process');
const { readdirSync } = await import('node:fs');
const { createInterface } = await import('node:readline');
const { SharpPhotoProcessor } = await import('../../photos/sharp-photo-processor.ts');
const { chosen, noisyJpeg } = await import('../../photos/test-photos.test-support.ts');

const width = 4000;
const height = 3000;
const runs = 40;
const concurrentUploads = 5;
const thumbnails = 50;
const pagingSeconds = 5;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(0)} MB`;

// A photo of noise: the hardest kind to decode and encode, kept under the 10 MB limit.
const photo = await noisyJpeg(width, height, 80);
write(`photo: ${width} × ${height} JPEG, ${mb(photo.byteLength)}`);

const processor = new SharpPhotoProcessor();
const times: number[] = [];
for (let run = 0; run < runs; run += 1) {
  const started = performance.now();
  const result = await processor.process(chosen('photo.jpg', photo));
  if (!result.ok) throw new Error(`the photo was refused: ${result.error.kind}`);
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
write(`processing, ${runs} runs one after another: p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms (aim: under 1500 ms)`);

const child = spawn(process.execPath, ['--experimental-transform-types', '--no-warnings', 'adapters/server/bench/photo-bench-server.test-support.ts'], {
  stdio: ['pipe', 'pipe', 'inherit'],
  // As `npm start` runs the server: two malloc arenas, not one per libvips thread, or glibc keeps
  // freed image buffers spread over many arenas and the peak grows by a third.
  env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' },
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
  const upload = async (count = 1) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    for (let index = 0; index < count; index += 1) body.append('photos', new Blob([Buffer.from(photo)], { type: 'image/jpeg' }), `photo-${String(index)}.jpg`);
    const response = await fetch(`${server.url}/api/quote-requests`, { method: 'POST', headers: { accept: 'application/json' }, body });
    if (response.status !== 201) throw new Error(`an upload was answered ${String(response.status)}: ${await response.text()}`);
  };

  const { peak: idle } = await peakAndPhotos();
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrentUploads }, () => upload()));
  const took = performance.now() - started;
  const { peak } = await peakAndPhotos();
  write(`${concurrentUploads} uploads at once: all stored in ${took.toFixed(0)} ms; the server's peak RSS ${mb(peak)} (${mb(idle)} idle; aim: under 300 MB)`);
  if (readdirSync(server.uploadRoot).length > 0) throw new Error('uploads were left behind');

  // Fifty thumbnails to page through: ten requests of five photos each.
  for (let request = 0; request < thumbnails / 5; request += 1) await upload(5);
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
} finally {
  child.stdin.end();
  await new Promise((resolve) => child.once('exit', resolve));
}
