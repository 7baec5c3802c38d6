// Runs the Playwright suite in the system's Chromium, or says plainly why it cannot.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

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

const result = spawnSync('playwright', ['test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
