// Supabase's edge function `api`: the product's one API, composed from the function's settings.
import { composeApiFunction } from './compose.ts';
import { serveFunction } from './edge-runtime.ts';

const app = await composeApiFunction(Deno.env.toObject());
serveFunction((request) => app.fetch(request));
