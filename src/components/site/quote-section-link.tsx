import { useLocation, useNavigate } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import { quoteSectionId } from './quote-section-id';

/** Time for the home page to render after navigating to it, before scrolling to the form. */
const scrollDelayMs = 100;

function scrollToQuoteSection() {
  const section = document.getElementById(quoteSectionId);
  if (!section) return;
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });
  // Keyboard and screen reader users land where sighted users are taken.
  section.focus({ preventScroll: true });
}

/**
 * A link to the quote form. Without JavaScript it is a plain link to /#quote-section; with it, it
 * scrolls smoothly, first going home when the visitor is on another page.
 */
export function QuoteSectionLink({ className, children }: { className: string; children: ReactNode }) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const navigate = useNavigate();

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    if (pathname === '/') {
      scrollToQuoteSection();
      return;
    }
    void navigate({ to: '/' }).then(() => window.setTimeout(scrollToQuoteSection, scrollDelayMs));
  };

  return (
    <a href={`/#${quoteSectionId}`} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
