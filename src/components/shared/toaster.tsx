import { useSiteContext } from '../../app/app-context-provider';
import { useRouter } from '@tanstack/react-router';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { Toast } from '../../app/stores/toast-store';
import { GasAdvice } from './gas-advice';
import { CloseIcon } from './icons';
import { useHydrated } from './use-hydrated';

/** Long enough to read both lines twice; while the pointer or focus is on the toasts they stay, and one with a link or the gas advice stays. */
const visibleMs = 8000;

const regions = [
  { role: 'alert', variant: 'destructive' },
  { role: 'status', variant: 'default' },
] as const;

/**
 * A toast's link. Where the page is the whole app (the demo, /quotes) it is followed by the router,
 * as the app's own links are, so the page keeps what it holds (the demo's requests live in it); on a
 * page of islands there is no router, and it is a plain link to a page our server renders.
 */
function ToastLink({ href, label }: { href: string; label: string }) {
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined;
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (router === undefined || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return (
    <a href={href} onClick={follow}>
      {label}
    </a>
  );
}

function ToastItem({ toast, paused, dismiss }: { toast: Toast; paused: boolean; dismiss: (id: number) => void }) {
  // Without scripts a close button could do nothing, so it appears only once they run.
  const hydrated = useHydrated();
  const lasting = toast.link !== undefined || toast.gas !== undefined;
  useEffect(() => {
    if (paused || lasting) return;
    const timer = window.setTimeout(() => dismiss(toast.id), visibleMs);
    return () => window.clearTimeout(timer);
  }, [paused, lasting, dismiss, toast.id]);

  return (
    <div className={`toast toast-${toast.variant}`}>
      <div>
        {toast.gas && <GasAdvice report={toast.gas} />}
        <p className="toast-title">{toast.title}</p>
        <p className="toast-description">{toast.description}</p>
        {toast.note && <p className="toast-note">{toast.note}</p>}
        {toast.link && (
          <p className="toast-link">
            <ToastLink href={toast.link.href} label={toast.link.label} />
          </p>
        )}
      </div>
      {hydrated && (
        <button type="button" className="toast-close" onClick={() => dismiss(toast.id)} aria-label="Dismiss notification">
          <CloseIcon />
        </button>
      )}
    </div>
  );
}

/**
 * Two live regions that are always in the page, so screen readers announce what appears in them:
 * destructive toasts as alerts, the others politely. Over the page they float in a corner; where a
 * page sets them in its flow (the home page, above the form), a new one is brought into view.
 */
export function Toaster() {
  const toastStore = useSiteContext((context) => context.toasts);
  const toasts = useStore(toastStore, (state) => state.toasts);
  const dismiss = useStore(toastStore, (state) => state.dismiss);
  const [paused, setPaused] = useState(false);
  const element = useRef<HTMLDivElement>(null);
  const newest = toasts.at(-1)?.id;
  useEffect(() => {
    const toaster = element.current;
    if (newest === undefined || !toaster || getComputedStyle(toaster).position !== 'static') return;
    toaster.scrollIntoView({ block: 'nearest' });
  }, [newest]);

  return (
    <div
      ref={element}
      className="toaster"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {regions.map(({ role, variant }) => (
        <div key={role} role={role} className="toast-region">
          {toasts
            .filter((toast) => toast.variant === variant)
            .map((toast) => (
              <ToastItem key={toast.id} toast={toast} paused={paused} dismiss={dismiss} />
            ))}
        </div>
      ))}
    </div>
  );
}
