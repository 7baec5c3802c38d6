import { useEffect, useState } from 'react';
import { useAppContext } from '../../app/app-context-provider';

/** Often enough that a clock never reads more than half a minute behind; rare enough to cost nothing. */
const tickMs = 20_000;

/**
 * The time now, from the application's clock, read again every 20 seconds while mounted. A page the
 * server rendered reads the server's time first, so it is taken over as drawn, then the time now.
 */
export function useNow(): Date {
  const now = useAppContext((context) => context.now);
  const renderedAt = useAppContext((context) => context.renderedAt);
  const [time, setTime] = useState(() => renderedAt ?? now());
  useEffect(() => {
    setTime(now());
    const timer = window.setInterval(() => setTime(now()), tickMs);
    return () => window.clearInterval(timer);
  }, [now]);
  return time;
}
