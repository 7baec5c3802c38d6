// The server the photo benchmark measures, in a process of its own so that its memory is its own: the
// real app over SQLite with sharp, on loopback. Prints one JSON line (its address, a staff cookie);
// then, for each line "peak" read on stdin, prints its peak RSS since the last one, in bytes.
import '../../extensionless-imports.ts';

const write = (line: string) => process.stdout.write(`${line}\n`);
import { createInterface } from 'node:readline';

const { startTestServer } = await import('../test-server.test-support.ts');
// Behind a proxy, as in production: each of the bench's visitors is told apart by its X-Forwarded-For.
const server = await startTestServer('sqlite', { trustProxy: true });
let peak = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 5);
write(JSON.stringify({ url: server.url, cookie: server.staffCookie, uploadRoot: server.uploadRoot }));
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'peak') {
    write(JSON.stringify({ peak: Math.max(peak, process.memoryUsage().rss), ids: Object.fromEntries(await photoIds()) }));
    peak = process.memoryUsage().rss;
  }
}
clearInterval(sampler);
await server.stop();

async function photoIds() {
  const rows = await server.db.selectFrom('quote_requests').select('id').execute();
  return Promise.all(rows.map(async ({ id }) => [id, await server.photos.ids(id)] as const));
}
