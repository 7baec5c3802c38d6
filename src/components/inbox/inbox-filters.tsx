import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import { useNavigate } from '@tanstack/react-router';
import { type SubmitEvent, useState } from 'react';
import {
  type InboxView,
  inboxViews,
  searchMaxLength,
  serviceAreaFilters,
  type ServiceAreaFilter,
} from '../../../domain/inbox/inbox-query';
import { serviceTypeLabels, serviceTypes } from '../../../domain/quote/service-type';
import { type InboxSearch, searchOf, viewOf } from '../../../domain/inbox/inbox-search';
import { FilterIcon, SearchIcon } from '../shared/icons';
import { useStore } from 'zustand';
import { useAppContext } from '../../app/app-context-provider';

const { filters: text } = inboxCopy;

interface Draft {
  q: string;
  service: string;
  urgent: '' | 'yes' | 'no';
  area: '' | ServiceAreaFilter;
  from: string;
  to: string;
}

const draftOf = (search: InboxSearch): Draft => ({
  q: search.q ?? '',
  service: search.service ?? '',
  urgent: search.urgent === undefined ? '' : search.urgent ? 'yes' : 'no',
  area: search.area ?? '',
  from: search.from ?? '',
  to: search.to ?? '',
});

const serviceOf = (value: string) => serviceTypes.find((type) => type === value);

/**
 * The inbox's filters: a view by status (radios that look like tabs, in one row that scrolls sideways,
 * each with how many it holds, applied at once), the search, always there, and service, urgency, area
 * and dates, folded away until asked for and saying how many are applied; all applied together. They
 * live in the address; what is typed stays put until it is applied or cleared.
 */
export function InboxFilters({ search }: { search: InboxSearch }) {
  const inbox = useAppContext((context) => context.inbox);
  const counts = useStore(inbox, (state) => state.viewCounts);
  const navigate = useNavigate({ from: '/quotes' });
  const [draft, setDraft] = useState(() => draftOf(search));
  const searchKey = JSON.stringify(search);
  const [applied, setApplied] = useState(searchKey);
  const [datesReversed, setDatesReversed] = useState(false);
  // Folded until asked for: the button says how many are applied.
  const [open, setOpen] = useState(false);
  // The address changed (applied here, or from outside: back, a link): show what it now holds.
  if (applied !== searchKey) {
    setApplied(searchKey);
    setDraft(draftOf(search));
  }
  const set = (field: keyof Draft) => (event: { target: { value: string } }) => {
    setDraft({ ...draft, [field]: event.target.value });
    if (field === 'from' || field === 'to') setDatesReversed(false);
  };

  const apply = (view: InboxView, values: Draft) => {
    if (values.from !== '' && values.to !== '' && values.from > values.to) {
      setDatesReversed(true);
      setOpen(true);
      return;
    }
    void navigate({
      search: searchOf({
        view,
        q: values.q,
        service: serviceOf(values.service),
        urgent: values.urgent === '' ? undefined : values.urgent === 'yes',
        area: serviceAreaFilters.find((area) => area === values.area),
        from: values.from,
        to: values.to,
      }),
    });
  };
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(viewOf(search), draft);
  };
  const clear = () => {
    const cleared: Draft = { q: '', service: '', urgent: '', area: '', from: '', to: '' };
    setDraft(cleared);
    setDatesReversed(false);
    apply(viewOf(search), cleared);
  };

  const appliedCount = [search.service, search.urgent, search.area, search.from, search.to].filter((value) => value !== undefined).length;
  return (
    <form role="search" aria-label={text.label} className="inbox-filters" onSubmit={onSubmit} noValidate>
      <fieldset className="view-tabs">
        <legend className="visually-hidden">{text.view}</legend>
        {inboxViews.map((view) => (
          <label key={view} className={view === viewOf(search) ? 'view-tab view-tab-current' : 'view-tab'}>
            <input type="radio" name="view" value={view} checked={view === viewOf(search)} onChange={() => apply(view, draft)} />
            <span>{inboxCopy.views[view]}</span>
            {/* A space, so the tab is read "Waiting 6", not "Waiting6". */}
            {counts !== null && <> <span className="view-count">{counts[view].toLocaleString('en-GB')}</span></>}
          </label>
        ))}
      </fieldset>
      <div className="filter-search-row">
        <div className="field filter-search">
          <label htmlFor="filter-q" className="visually-hidden">
            {text.search}
          </label>
          <input
            id="filter-q"
            type="search"
            name="q"
            maxLength={searchMaxLength}
            value={draft.q}
            onChange={set('q')}
            placeholder={text.search}
            aria-describedby="filter-q-hint"
          />
          <p id="filter-q-hint" className="visually-hidden">
            {text.searchHint}
          </p>
        </div>
        <button type="submit" className="button button-outline button-search" aria-label={text.searchButton}>
          <SearchIcon />
        </button>
        <button type="button" className="button button-outline" aria-expanded={open} aria-controls="inbox-filter-fields" onClick={() => setOpen(!open)}>
          <FilterIcon /> {text.toggle(appliedCount)}
        </button>
      </div>
      <div id="inbox-filter-fields" className="filter-panel" hidden={!open}>
        <div className="filter-fields">
          <div className="field">
            <label htmlFor="filter-service">{text.service}</label>
            <select id="filter-service" name="service" value={draft.service} onChange={set('service')}>
              <option value="">{text.anyService}</option>
              {serviceTypes.map((type) => (
                <option key={type} value={type}>
                  {serviceTypeLabels[type]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="filter-urgent">{text.urgent}</label>
            <select id="filter-urgent" name="urgent" value={draft.urgent} onChange={set('urgent')}>
              <option value="">{text.urgency.any}</option>
              <option value="yes">{text.urgency.yes}</option>
              <option value="no">{text.urgency.no}</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="filter-area">{text.area}</label>
            <select id="filter-area" name="area" value={draft.area} onChange={set('area')}>
              <option value="">{text.areas.any}</option>
              {serviceAreaFilters.map((area) => (
                <option key={area} value={area}>
                  {text.areas[area]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="filter-from">{text.from}</label>
            <input id="filter-from" type="date" name="from" value={draft.from} onChange={set('from')} />
          </div>
          <div className={datesReversed ? 'field field-invalid' : 'field'}>
            <label htmlFor="filter-to">{text.to}</label>
            <input
              id="filter-to"
              type="date"
              name="to"
              value={draft.to}
              onChange={set('to')}
              aria-invalid={datesReversed}
              {...(datesReversed ? { 'aria-describedby': 'filter-to-error' } : {})}
            />
            {datesReversed && (
              <p id="filter-to-error" className="field-error">
                {text.datesReversed}
              </p>
            )}
          </div>
        </div>
        <div className="filter-actions">
          <button type="submit" className="button button-primary">
            {text.apply}
          </button>
          <button type="button" className="button button-outline" onClick={clear}>
            {text.clear}
          </button>
        </div>
      </div>
    </form>
  );
}
