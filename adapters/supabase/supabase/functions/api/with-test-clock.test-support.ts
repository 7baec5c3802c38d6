// Test-only: the function as index.ts composes it, with the clock the contract suites move on by days.
// Each request may carry the suite's time as `x-test-clock` (milliseconds); without one, the real time.
import { composeApiFunction } from './compose.ts';
import { serveFunction } from './edge-runtime.ts';

let at: number | null = null;
const app = await composeApiFunction(Deno.env.toObject(), { now: () => (at === null ? new Date() : new Date(at)) });
serveFunction((request) => {
  const sent = request.headers.get('x-test-clock');
  if (sent !== null && /^\d{1,15}$/.test(sent)) at = Number(sent);
  return app.fetch(request);
});
