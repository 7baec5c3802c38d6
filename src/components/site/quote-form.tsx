import { useSiteContext } from '../../app/app-context-provider';
import { type SubmitEvent, useRef } from 'react';
import { useStore } from 'zustand';
import { describeMinutes, responsePromise } from '../../../domain/business';
import { honeypotFieldName, type QuoteField, quoteFieldNames } from '../../../domain/quote';
import { quoteLimits } from '../../../domain/quote-limits';
import { serviceTypeLabels, serviceTypes } from '../../../domain/service-type';
import { submitLabel } from '../../../domain/submit-label';
import { FormField } from '../shared/form-field';
import { quoteSectionId } from './quote-section-id';
import { useHydrated } from '../shared/use-hydrated';

const fieldOrder: readonly QuoteField[] = ['name', 'phone', 'email', 'serviceType', 'description', 'urgent'];

export function QuoteForm({ labelledBy }: { labelledBy: string }) {
  const form = useSiteContext((context) => context.quoteForm);
  const action = useSiteContext((context) => context.quoteFormAction);
  const preloadBackend = useSiteContext((context) => context.preloadBackend);
  const draft = useStore(form, (state) => state.draft);
  const errors = useStore(form, (state) => state.errors);
  const submitting = useStore(form, (state) => state.submitting);
  const { setField, setUrgent, submit } = form.getState();
  const formElement = useRef<HTMLFormElement>(null);
  // Until scripts run, the browser's own checks guard the required fields; after, ours do.
  const enhanced = useHydrated();

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await submit()) return;
    const { errors: latest } = form.getState();
    const firstInvalid = fieldOrder.find((field) => latest[field] !== undefined);
    const control = firstInvalid && formElement.current?.elements.namedItem(quoteFieldNames[firstInvalid]);
    if (control instanceof HTMLElement) control.focus();
  };

  return (
    <form
      ref={formElement}
      method="post"
      // The page that answers a plain post opens at the form, where its errors or its thanks are.
      action={action && `${action}#${quoteSectionId}`}
      noValidate={enhanced}
      onSubmit={(event) => void onSubmit(event)}
      // Whoever starts on the form will send it: fetch the code that sends it while they type.
      onFocus={preloadBackend}
      className="quote-form"
      aria-labelledby={labelledBy}
    >
      <p className="form-note">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>
      <div className="field-row">
        <FormField id="quote-name" label="Full name" required error={errors.name}>
          {(control) => (
            <input
              {...control}
              name={quoteFieldNames.name}
              type="text"
              autoComplete="name"
              required
              maxLength={quoteLimits.nameMax}
              value={draft.name}
              onChange={(event) => setField('name', event.target.value)}
            />
          )}
        </FormField>
        <FormField id="quote-phone" label="Phone number" required error={errors.phone}>
          {(control) => (
            <input
              {...control}
              name={quoteFieldNames.phone}
              type="tel"
              autoComplete="tel"
              required
              maxLength={quoteLimits.phoneMax}
              value={draft.phone}
              onChange={(event) => setField('phone', event.target.value)}
            />
          )}
        </FormField>
      </div>
      <FormField id="quote-email" label="Email (optional)" error={errors.email}>
        {(control) => (
          <input
            {...control}
            name={quoteFieldNames.email}
            type="email"
            autoComplete="email"
            maxLength={quoteLimits.emailMax}
            value={draft.email}
            onChange={(event) => setField('email', event.target.value)}
          />
        )}
      </FormField>
      <FormField id="quote-service-type" label="Service type" required error={errors.serviceType}>
        {(control) => (
          <select
            {...control}
            name={quoteFieldNames.serviceType}
            required
            value={draft.serviceType}
            onChange={(event) => setField('serviceType', event.target.value)}
          >
            <option value="">Select a service</option>
            {serviceTypes.map((type) => (
              <option key={type} value={type}>
                {serviceTypeLabels[type]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id="quote-description" label="Describe the job (optional)" error={errors.description}>
        {(control) => (
          <textarea
            {...control}
            name={quoteFieldNames.description}
            rows={4}
            maxLength={quoteLimits.descriptionMax}
            value={draft.description}
            onChange={(event) => setField('description', event.target.value)}
          />
        )}
      </FormField>
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="quote-website">Leave this field empty</label>
        <input id="quote-website" name={honeypotFieldName} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <div className="checkbox-field">
        <input
          id="quote-urgent"
          name={quoteFieldNames.urgent}
          type="checkbox"
          checked={draft.urgent}
          onChange={(event) => setUrgent(event.target.checked)}
        />
        <label htmlFor="quote-urgent">
          This is an emergency: call me back within {describeMinutes(responsePromise.urgentMinutes)}
        </label>
      </div>
      <button
        type="submit"
        className={draft.urgent ? 'button button-emergency button-block' : 'button button-primary button-block'}
        aria-disabled={submitting}
      >
        {submitLabel(draft.urgent)}
      </button>
    </form>
  );
}
