import type { MouseEvent } from 'react';

interface SummaryItem {
  /** The id of the control the message is about. */
  id: string;
  message: string;
}

/**
 * Every problem a submit found, as links to their fields (the GOV.UK error summary). A link moves
 * focus to its control, whose own message says the same beside it.
 */
export function ErrorSummary({ items }: { items: readonly SummaryItem[] }) {
  const focus = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const control = document.getElementById(id);
    if (!control) return;
    // Focused rather than followed: the fragment would change the address and hide the label under the header.
    event.preventDefault();
    control.focus();
  };
  // A polite live region that is always there, so what appears in it is read out after the field
  // that took focus; the toasts' alerts stay the only alerts.
  return (
    <div aria-live="polite">
      {items.length > 0 && (
        <section className="error-summary" aria-labelledby="error-summary-title">
          <h3 id="error-summary-title" className="error-summary-title">
            There is a problem
          </h3>
          <ul>
            {items.map(({ id, message }) => (
              <li key={id}>
                <a href={`#${id}`} onClick={(event) => focus(event, id)}>
                  {message}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
