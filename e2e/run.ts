// Runs the Playwright suite in the system's Chromium, or says plainly why it cannot.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createServer } from 'node:net';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

try {
  accessSync(chromium, constants.X_OK);
} catch {
  console.warn(
    `e2e: SKIPPED. No Chromium at ${chromium}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH; ` +
      'every other check has run.',
  );
  process.exit(0);
}

// A port nobody is using, so a server left running elsewhere never stands in for the build under test.
const port = await new Promise<number>((resolve, reject) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const address = probe.address();
    probe.close(() => {
      if (typeof address === 'object' && address) resolve(address.port);
      else reject(new Error('no free port'));
    });
  });
});

const result = spawnSync('playwright', ['test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, E2E_PORT: String(port) },
});
process.exit(result.status ?? 1);
