import { promiseDueAt } from '../inbox/promise';
import { londonClock } from '../london-time';

/**
 * The thanks' line on when we will call, from the promise kept for this request (30 minutes for an
 * urgent one, 2 hours for any other, from when it was received), in London time.
 */
export function callBackLine(request: { createdAt: Date; urgent: boolean }): string {
  const by = londonClock(promiseDueAt(request));
  return request.urgent ? `We'll call you by ${by}` : `We'll call you by ${by}, or the next morning if it's late`;
}
