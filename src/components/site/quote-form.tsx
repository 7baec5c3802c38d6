import { useSiteContext } from '../../app/app-context-provider';
import { useRouter } from '@tanstack/react-router';
import { Fragment, type SubmitEvent, useEffect, useRef, type ReactElement } from 'react';
import { useStore } from 'zustand';
import { describeField, flagFields, honeypotFieldName, pageFields, type QuoteField, quoteFieldList, quoteFields, textFields } from '../../../domain/quote/quote';
import { formTokenFieldName } from '../../../domain/spam/spam';
import { submitLabel } from '../../../domain/quote/submit-label';
import { ErrorSummary } from '../shared/error-summary';
import { FormField } from '../shared/form-field';
import { PhotoField, photoControlId } from './photo-field';
import { GasWarning } from './gas-warning';
import { quoteSectionId } from './quote-section-id';
import { pendingSubmitAttribute } from '../../render/interaction-loader';
import { useHydrated } from '../shared/use-hydrated';
import { arrivalOf, type FieldErrors, type QuoteFormStore } from '../../app/stores/quote-form-store';
import { bookingCopy, bookingQueryName, repeatFieldName } from '../../../domain/reminders/service-words';

/** The id of a field's control: quote-service-type for serviceType. */
const controlId = (field: QuoteField) => `quote-${field.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

const isHalf = (field: QuoteField) => describeField(field).control?.half === true;

/** The fields in the form's order, two half-width fields that follow each other sharing a row. */
function rowsOf(fields: readonly QuoteField[]): QuoteField[][] {
  const rows: QuoteField[][] = [];
  for (const field of fields) {
    const last = rows.at(-1);
    const single = last?.length === 1 ? last[0] : undefined;
    if (last && single !== undefined && isHalf(field) && isHalf(single)) last.push(field);
    else rows.push([field]);
  }
  return rows;
}

const formRows = rowsOf(textFields);

interface FieldProps {
  field: QuoteField;
  form: QuoteFormStore;
  errors: FieldErrors;
}

/** One field's label, control and message, drawn from the domain's description of it. */
function QuoteFormField({ field, form, errors }: FieldProps): ReactElement {
  const description = describeField(field);
  const controlOf = { label: '', ...description.control };
  const value = useStore(form, (state) => state.draft[field]);
  const { setField } = form.getState();
  const common = { name: description.name, required: description.missing !== undefined };
  const text = typeof value === 'string' ? value : '';
  return (
    <FormField id={controlId(field)} label={controlOf.label} hint={controlOf.hint} required={common.required} error={errors[field]}>
      {(control) => {
        if (description.choices) {
          return (
            <select {...control} {...common} value={text} onChange={(event) => setField(field, event.target.value)}>
              <option value="">{controlOf.empty}</option>
              {Object.entries(description.choices).map(([choice, label]) => (
                <option key={choice} value={choice}>
                  {label}
                </option>
              ))}
            </select>
          );
        }
        if (description.kind === 'multiline') {
          return <textarea {...control} {...common} rows={4} maxLength={description.maxLength} value={text} onChange={(event) => setField(field, event.target.value)} />;
        }
        return (
          <input
            {...control}
            {...common}
            type={controlOf.inputType ?? 'text'}
            autoComplete={controlOf.autoComplete}
            maxLength={description.maxLength}
            value={text}
            onChange={(event) => setField(field, event.target.value)}
          />
        );
      }}
    </FormField>
  );
}

/** A tick box, with its label after it. */
function QuoteFormFlag({ field, form }: Omit<FieldProps, 'errors'>): ReactElement {
  const checked = useStore(form, (state) => state.draft[field] === true);
  const { setField } = form.getState();
  return (
    <div className="checkbox-field">
      <input id={controlId(field)} name={quoteFields[field].name} type="checkbox" checked={checked} onChange={(event) => setField(field, event.target.checked)} />
      <label htmlFor={controlId(field)}>{describeField(field).control?.label}</label>
    </div>
  );
}

/**
 * A reminder's "Book my service": what the form, filled in, is for, and the customer's token that ties
 * the request to the one it repeats (a hidden field, so a post without scripts carries it too). Its
 * address holds that token, so the page keeps it from any link's referrer and from search engines.
 */
function BookingNote({ form, served }: { form: QuoteFormStore; served: boolean }) {
  const booking = useStore(form, (state) => state.booking);
  const notFound = useStore(form, (state) => state.bookingNotFound);
  // Where no server filled the form in (the demo, Supabase), the page's address is read here: the
  // router's, where the page is the whole app; else the window's (the home page's islands).
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined;
  const search = router?.state.location.searchStr ?? window.location.search;
  useEffect(() => {
    const token = new URLSearchParams(search).get(bookingQueryName);
    if (token !== null) void form.getState().openBooking(token);
  }, [form, search]);
  if (booking === null) return notFound ? <p className="form-booking">{bookingCopy.notFound}</p> : null;
  return (
    <>
      {/* Our server says the same in the page's headers; a static page (the demo, Supabase) says it here. */}
      {!served && <meta name="referrer" content="no-referrer" />}
      {!served && <meta name="robots" content="noindex, nofollow" />}
      <p className="form-booking">{bookingCopy.lead(booking.service, booking.due)}</p>
      <input type="hidden" name={repeatFieldName} value={booking.token} />
    </>
  );
}

export function QuoteForm({ labelledBy }: { labelledBy: string }) {
  const form = useSiteContext((context) => context.quoteForm);
  const action = useSiteContext((context) => context.quoteFormAction);
  const preloadBackend = useSiteContext((context) => context.preloadBackend);
  const pageFormToken = useSiteContext((context) => context.pageFormToken);
  const urgent = useStore(form, (state) => state.draft.urgent);
  const errors = useStore(form, (state) => state.errors);
  const submitting = useStore(form, (state) => state.submitting);
  // The fields' problems; a photo's is told beside its field as it is chosen, before any submit.
  const problems = quoteFieldList.flatMap((field) => {
    const message = errors[field];
    return message === undefined ? [] : [{ id: controlId(field), message }];
  });
  const { submit } = form.getState();
  const formElement = useRef<HTMLFormElement>(null);
  // Until scripts run, the browser's own checks guard the required fields; after, ours do.
  const enhanced = useHydrated();
  // A submit the page's loader held for us (empty required fields before the scripts came): sent now.
  useEffect(() => {
    const element = formElement.current;
    if (!enhanced || !element?.hasAttribute(pendingSubmitAttribute)) return;
    element.removeAttribute(pendingSubmitAttribute);
    element.requestSubmit();
  }, [enhanced]);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = event.currentTarget.elements;
    const valueOf = (name: string) => {
      const field = fields.namedItem(name);
      return field instanceof HTMLInputElement ? field.value : undefined;
    };
    if (await submit(arrivalOf(valueOf, pageFormToken()))) return;
    const { errors: latest, photoError } = form.getState();
    const firstInvalid = quoteFieldList.find((field) => latest[field] !== undefined);
    const control = firstInvalid ? formElement.current?.elements.namedItem(quoteFields[firstInvalid].name) : photoError && document.getElementById(photoControlId);
    if (control instanceof HTMLElement) control.focus();
  };

  return (
    <form
      ref={formElement}
      method="post"
      // Photos go with the post: without scripts, as the browser sends files.
      encType="multipart/form-data"
      // The page that answers a plain post opens at the form, where its errors or its thanks are.
      action={action && `${action}#${quoteSectionId}`}
      noValidate={enhanced}
      onSubmit={(event) => void onSubmit(event)}
      // Whoever starts on the form will send it: fetch the code that sends it while they type.
      onFocus={preloadBackend}
      className="quote-form"
      aria-labelledby={labelledBy}
    >
      <ErrorSummary items={problems} />
      <BookingNote form={form} served={action !== undefined} />
      <p className="form-note">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>
      {formRows.map((row) =>
        row.length === 1 && row[0] !== undefined ? (
          <Fragment key={row[0]}>
            <QuoteFormField field={row[0]} form={form} errors={errors} />
            {/* Where the visitor is looking as they describe the job. */}
            {row[0] === 'description' && <GasWarning form={form} />}
          </Fragment>
        ) : (
          <div className="field-row" key={row.join()}>
            {row.map((field) => (
              <QuoteFormField key={field} field={field} form={form} errors={errors} />
            ))}
          </div>
        ),
      )}
      <PhotoField form={form} />
      {/* The page's token: empty as built, written in by the server for each visitor. No value here,
          so the page's own survives the page coming to life. */}
      <input type="hidden" name={formTokenFieldName} />
      {/* Where the visitor came from, written in by the server as it sends the page, for a post without scripts. */}
      {pageFields.map((field) => (
        <input key={field} type="hidden" name={quoteFields[field].name} />
      ))}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="quote-website">Leave this field empty</label>
        <input id="quote-website" name={honeypotFieldName} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      {flagFields.filter((field) => describeField(field).control).map((field) => (
        <QuoteFormFlag key={field} field={field} form={form} />
      ))}
      <button
        type="submit"
        className={urgent ? 'button button-emergency button-block' : 'button button-accent button-block'}
        aria-disabled={submitting}
      >
        {submitLabel(urgent)}
      </button>
    </form>
  );
}
