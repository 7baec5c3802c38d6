// Runs the Playwright suite in the system's Chromium, or says plainly why it cannot.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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

// Ports nobody is using, so a server left running elsewhere never stands in for the build under test.
function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (typeof address === 'object' && address) resolve(address.port);
        else reject(new Error('no free port'));
      });
    });
  });
}

// The server under test keeps its database in a folder of its own, removed afterwards.
const dataDir = mkdtempSync(join(tmpdir(), 'quotes-e2e-'));
const result = spawnSync('playwright', ['test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: {
    ...process.env,
    E2E_DEMO_PORT: String(await freePort()),
    E2E_SERVER_PORT: String(await freePort()),
    E2E_DATA_DIR: dataDir,
  },
});
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
