// Test-only: the push subject of the function as compose.ts composes it from the settings it is run with, printed as JSON.
import { composeFunctionHost } from './compose.ts';

const host = await composeFunctionHost(Deno.env.toObject());
console.log(JSON.stringify({ subject: host.alerts.vapid.subject }));
await host.close();
