import { expect, test } from 'vitest';
import { startTestServer } from '../test-server.test-support';

test('a plain postcode check renders the home page told the postcode; the log keeps neither it nor its query', async () => {
  const server = await startTestServer('sqlite');
  try {
    const response = await fetch(`${server.url}/?postcode=SE16+4AB`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(server.rendered.at(-1)).toEqual({ url: '/', state: { coverCheck: { postcode: 'SE16 4AB' } } });

    // Anything longer than a postcode is cut to the field's length before the page repeats it.
    await fetch(`${server.url}/?postcode=${'A'.repeat(500)}`);
    expect(server.rendered.at(-1)).toEqual({ url: '/', state: { coverCheck: { postcode: 'A'.repeat(16) } } });

    const logged = JSON.stringify([server.logs, server.errors]);
    expect(server.logs.filter((entry) => entry.path === '/')).toHaveLength(2);
    expect(logged).not.toContain('SE16');
    expect(logged).not.toContain('postcode');
    expect(logged).not.toContain('AAAA');
  } finally {
    await server.stop();
  }
});
