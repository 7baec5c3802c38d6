import { type SubmitEvent, useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { CustomerData } from '../../../domain/customer-data/customer-data';
import { customerDataCopy as text } from '../../../domain/customer-data/customer-data-copy';
import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import { useSettingsStores } from '../../app/settings-stores';
import { FormField } from '../shared/form-field';
import { downloadFile } from './download-file';
import { formatDateTime } from './format-date-time';

/**
 * A customer's data on request (UK GDPR access and erasure), folded under the toolbar until opened:
 * find what is held by email or phone, download it as JSON or CSV, and erase it all once confirmed.
 */
export function CustomerDataPanel() {
  const [open, setOpen] = useState(false);
  return (
    <details className="alerts-panel customer-data-panel" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <h2 className="alerts-panel-title">{text.heading}</h2>
      </summary>
      {open && (
        <div className="alerts-panel-body">
          <p className="summary-quiet">{text.intro}</p>
          <SearchForm />
          <Results />
          <ErasedResult />
        </div>
      )}
    </details>
  );
}

function SearchForm() {
  const customerData = useSettingsStores().customerData;
  const email = useStore(customerData, (state) => state.email);
  const phone = useStore(customerData, (state) => state.phone);
  const errors = useStore(customerData, (state) => state.errors);
  const status = useStore(customerData, (state) => state.status);
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status !== 'finding' && status !== 'erasing') void customerData.getState().find();
  };
  return (
    <form className="customer-data-search" onSubmit={onSubmit} aria-label={text.heading} noValidate>
      <FormField id="customer-data-email" label={text.email} error={errors.email}>
        {(control) => (
          <input {...control} name="email" type="email" autoComplete="off" value={email} onChange={(event) => customerData.getState().setEmail(event.target.value)} />
        )}
      </FormField>
      <FormField id="customer-data-phone" label={text.phone} hint={text.hint} error={errors.phone}>
        {(control) => <input {...control} name="phone" type="tel" autoComplete="off" value={phone} onChange={(event) => customerData.getState().setPhone(event.target.value)} />}
      </FormField>
      <button type="submit" className="button" aria-disabled={status === 'finding'}>
        {status === 'finding' ? text.finding : text.find}
      </button>
      {status === 'failed' && (
        <p role="alert" className="field-error">
          {text.unavailable}
        </p>
      )}
    </form>
  );
}

function Results() {
  const customerData = useSettingsStores().customerData;
  const data = useStore(customerData, (state) => state.data);
  const subject = useStore(customerData, (state) => state.subject);
  // A new search starts without the erasure's confirmation open.
  return data === null || subject === null ? null : <FoundData key={`${subject.email ?? ''} ${subject.phone ?? ''}`} data={data} />;
}

function FoundData({ data }: { data: CustomerData }) {
  const customerData = useSettingsStores().customerData;
  const status = useStore(customerData, (state) => state.status);
  const heading = useRef<HTMLHeadingElement>(null);
  const [confirming, setConfirming] = useState(false);
  // Staff asked and the answer came: their screen reader and their eyes go to it.
  useEffect(() => {
    heading.current?.focus();
  }, [data]);
  const notes = data.requests.reduce((total, quote) => total + quote.notes.length, 0);
  const changes = data.requests.reduce((total, quote) => total + quote.history.length, 0);
  const save = (format: 'json' | 'csv') => {
    const file = customerData.getState().file(format);
    if (file) downloadFile(file.content, file.fileName, file.type);
  };
  return (
    <section className="customer-data-results" aria-labelledby="customer-data-results-title">
      <h3 id="customer-data-results-title" ref={heading} tabIndex={-1}>
        {text.results}
      </h3>
      {data.requests.length === 0 ? (
        <p>{text.nothing}</p>
      ) : (
        <>
          <p>{text.held(data.requests.length, notes, changes, data.emails.length)}</p>
          <ul className="customer-data-list">
            {data.requests.map((quote) => (
              <li key={quote.id}>
                <strong>{quote.name}</strong> · {formatDateTime(quote.createdAt)} · {inboxCopy.status.badge[quote.status]}
                <br />
                {quote.phone}
                {quote.email !== null && ` · ${quote.email}`}
                {quote.postcode !== null && ` · ${quote.postcode}`}
              </li>
            ))}
          </ul>
          <div className="toolbar-actions">
            <button type="button" className="button button-outline" onClick={() => save('json')}>
              {text.downloadJson}
            </button>
            <button type="button" className="button button-outline" onClick={() => save('csv')}>
              {text.downloadCsv}
            </button>
          </div>
        </>
      )}
      <p className="summary-quiet">{text.sentEmails}</p>
      {data.requests.length > 0 &&
        (confirming ? (
          <EraseConfirmation onCancel={() => setConfirming(false)} />
        ) : (
          <button type="button" className="button button-danger" onClick={() => setConfirming(true)} aria-disabled={status === 'erasing'}>
            {text.erase}
          </button>
        ))}
    </section>
  );
}

function EraseConfirmation({ onCancel }: { onCancel: () => void }) {
  const customerData = useSettingsStores().customerData;
  const error = useStore(customerData, (state) => state.errors.confirm);
  const status = useStore(customerData, (state) => state.status);
  const [confirm, setConfirm] = useState('');
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status !== 'erasing') void customerData.getState().erase(confirm);
  };
  return (
    <form className="customer-data-erase" onSubmit={onSubmit} aria-label={text.erase} noValidate>
      <p>{text.eraseWarning}</p>
      <FormField id="customer-data-confirm" label={text.confirm} error={error}>
        {(control) => <input {...control} name="confirm" autoComplete="off" autoFocus value={confirm} onChange={(event) => setConfirm(event.target.value)} />}
      </FormField>
      <div className="toolbar-actions">
        <button type="submit" className="button button-danger" aria-disabled={status === 'erasing'}>
          {status === 'erasing' ? text.erasing : text.eraseForGood}
        </button>
        <button type="button" className="button button-outline" onClick={onCancel}>
          {text.cancel}
        </button>
      </div>
    </form>
  );
}

function ErasedResult() {
  const customerData = useSettingsStores().customerData;
  const message = useStore(customerData, (state) => state.erasedMessage);
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message !== null) ref.current?.focus();
  }, [message]);
  if (message === null) return null;
  return (
    <div className="customer-data-erased">
      <p role="status" ref={ref} tabIndex={-1}>
        <strong>{message}</strong>
      </p>
      <p className="summary-quiet">{text.sentEmails}</p>
    </div>
  );
}
