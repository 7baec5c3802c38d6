import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { type CoverAnswer, checkCover, coverCheckFieldName, coverCheckMaxLength } from '../../../domain/quote/cover-check';
import { useSiteContext } from '../../app/app-context-provider';
import { FormField } from '../shared/form-field';
import { quoteSectionId } from './quote-section-id';

/** Where the check is on the home page: a plain form's answer opens there. */
export const coverCheckId = 'cover';

export const coverCheckCopy = {
  title: 'Do we cover you?',
  label: 'Your postcode',
  button: 'Check',
  covered: (district: string) => `Yes, we cover ${district}.`,
  outside: "That's outside our usual area, but",
  askAnyway: 'ask anyway',
  notAPostcode: 'Enter your postcode as a UK postcode, like SE1 7PB',
} as const;

function Answer({ answer }: { answer: CoverAnswer }) {
  if (answer.kind === 'covered') {
    return (
      <p className="cover-answer cover-answer-yes">
        {coverCheckCopy.covered(answer.district)} <a href={`#${quoteSectionId}`}>Ask for a free quote</a>
      </p>
    );
  }
  if (answer.kind === 'outside') {
    return (
      <p className="cover-answer cover-answer-outside">
        {coverCheckCopy.outside} <a href={`#${quoteSectionId}`}>{coverCheckCopy.askAnyway}</a>.
      </p>
    );
  }
  return null;
}

/**
 * "Do we cover you?": a postcode answered by the quote form's own rule, in the page. Without scripts
 * it is a plain GET form that our server answers the same way; it keeps nothing of what was typed.
 */
export function CoverCheck() {
  const sent = useSiteContext((context) => context.coverCheckPostcode);
  const [answer, setAnswer] = useState<CoverAnswer | undefined>(sent === undefined ? undefined : checkCover(sent));
  const input = useRef<HTMLInputElement>(null);

  // A static host (the demo, Supabase) serves the plain form's answer as the page it always is: answer it here.
  useEffect(() => {
    const typed = sent === undefined ? new URLSearchParams(window.location.search).get(coverCheckFieldName) : null;
    if (typed === null || !input.current) return;
    input.current.value = typed;
    setAnswer(checkCover(typed));
  }, [sent]);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = checkCover(input.current?.value ?? '');
    setAnswer(next);
    if (next.kind === 'not-a-postcode') input.current?.focus();
  };

  return (
    <form method="get" action={`/#${coverCheckId}`} className="cover-check" aria-labelledby="cover-title" onSubmit={onSubmit}>
      <div className="cover-check-row">
        <FormField id="cover-postcode" label={coverCheckCopy.label} error={answer?.kind === 'not-a-postcode' ? coverCheckCopy.notAPostcode : undefined}>
          {(props) => (
            <input
              {...props}
              ref={input}
              name={coverCheckFieldName}
              type="text"
              autoComplete="postal-code"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={coverCheckMaxLength}
              defaultValue={sent}
            />
          )}
        </FormField>
        <button type="submit" className="button button-primary">
          {coverCheckCopy.button}
        </button>
      </div>
      <div aria-live="polite" className="cover-status">
        {answer && <Answer answer={answer} />}
      </div>
    </form>
  );
}
