import { useEffect, useRef, useState } from 'react';
import { NotSignedIn } from '../../../domain/staff/staff';
import type { Backend } from '../backends/backend';
import { useAppContext } from '../app-context-provider';

/** Where a staff page's reading stands: under way, failed (to be tried again), or come, with what it read. */
export type StaffReading<T> = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; value: T };

/**
 * What a staff page reads as it opens (the report, the services due), through the backend's ports:
 * `read` (kept the same while what it reads is, with useCallback) is asked again whenever it changes
 * or `retry` is pressed, and what an earlier ask answers late never shows. A staff member whose
 * session has ended is sent to sign in. `drawn`: what our server read for the page as it drew it,
 * shown at once and not asked for again until `read` changes.
 */
export function useStaffReading<T>(read: (backend: Backend) => Promise<T>, drawn?: T): { reading: StaffReading<T>; retry: () => void } {
  const { ports, onNotSignedIn } = useAppContext((context) => context.settingsDeps);
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<{ read: typeof read; attempt: number; reading: StaffReading<T> } | undefined>(
    drawn === undefined ? undefined : { read, attempt: 0, reading: { state: 'ready', value: drawn } },
  );
  const reading = settled?.read === read && settled.attempt === attempt ? settled.reading : ({ state: 'loading' } as const);
  const drawnRead = useRef(drawn === undefined ? undefined : read);

  useEffect(() => {
    if (drawnRead.current === read && attempt === 0) return;
    drawnRead.current = undefined;
    // A page left, or moved on, before its answer arrived must not show that answer.
    const asked = { live: true };
    void (async () => {
      try {
        const value = await read(await ports());
        if (asked.live) setSettled({ read, attempt, reading: { state: 'ready', value } });
      } catch (error) {
        if (!asked.live) return;
        if (error instanceof NotSignedIn) onNotSignedIn();
        else setSettled({ read, attempt, reading: { state: 'failed' } });
      }
    })();
    return () => {
      asked.live = false;
    };
  }, [ports, read, onNotSignedIn, attempt]);

  return { reading, retry: () => setAttempt((count) => count + 1) };
}

/** What a staff page says when its reading failed, and the button that asks again. */
export function ReadingFailed({ message, retryLabel, retry }: { message: string; retryLabel: string; retry: () => void }) {
  return (
    <div className="list-message" role="alert">
      <p>{message}</p>
      <button type="button" className="button button-outline" onClick={retry}>
        {retryLabel}
      </button>
    </div>
  );
}
