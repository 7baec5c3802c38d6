// `npm run check [-- --send-test]`: the go-live check, run on the server with the service's environment
// loaded (docs/deploy.md). Exits 1 while anything blocks going live.
import { runGoLiveCheck } from './go-live/go-live-check';
import { formatItem } from './go-live/go-live-item';
import { readNtpSynchronized } from './go-live/host-checks';

const args = process.argv.slice(2);
if (args.some((arg) => arg !== '--send-test')) {
  console.error('Usage: npm run check [-- --send-test]');
  process.exit(2);
}
const items = await runGoLiveCheck(process.env, { fetch, now: () => new Date(), sendTest: args.includes('--send-test'), ntpSynchronized: readNtpSynchronized });
for (const item of items) process.stdout.write(`${formatItem(item)}\n`);
const blocking = items.filter((item) => item.status === 'fail').length;
process.stdout.write(blocking === 0 ? 'Ready to go live.\n' : `${blocking} thing(s) to fix before going live.\n`);
process.exitCode = blocking === 0 ? 0 : 1;
