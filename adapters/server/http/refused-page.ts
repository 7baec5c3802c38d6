import type { Context } from 'hono';
import { business } from '../../../domain/business';
import type { RateLimitDecision } from './rate-limit';

/** What a client over an allowance is told, with when to try again and the phone number. */
export const tooManyRequests = (seconds: number) =>
  `Too many requests. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}, or call us on ${business.phone.display}.`;

/** A page asked for by a client over its allowance: `429` with `Retry-After`, told in plain text. */
export const refusedPage = (c: Context, decision: Extract<RateLimitDecision, { allowed: false }>) =>
  c.text(tooManyRequests(decision.retryAfterSeconds), 429, { 'Retry-After': String(decision.retryAfterSeconds) });
