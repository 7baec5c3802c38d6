import { type SubmitEvent, useId, useState } from 'react';
import { useStore } from 'zustand';
import { alertsCopy } from '../../../domain/alerts/alerts-copy';
import { onCallAt, type OnCallShift, staffName, weekdayLabels, weekdays } from '../../../domain/alerts/on-call';
import { useAppContext } from '../../app/app-context-provider';
import { useSettingsStores } from '../../app/settings-stores';

const text = alertsCopy.rota;

type Row = OnCallShift & { key: number };
type Field = 'staff' | 'day' | 'start' | 'end';

/** Each person by first name, or by email where two share one. */
function namesOf(staff: readonly string[]): (email: string) => string {
  const counts = new Map<string, number>();
  for (const email of staff) counts.set(staffName(email), (counts.get(staffName(email)) ?? 0) + 1);
  return (email) => ((counts.get(staffName(email)) ?? 0) > 1 ? email : staffName(email));
}

/** Who is on call at this moment, by the rota as saved; everyone when nobody is. */
function OnCallNow({ shifts, staff }: { shifts: readonly OnCallShift[]; staff: readonly string[] }) {
  const now = useAppContext((context) => context.now);
  const onCall = onCallAt(shifts, staff, now());
  return <p className="on-call-now">{onCall.everyone ? (shifts.length === 0 ? text.none : text.everyoneNow) : text.onCallNow(onCall.staff.map(staffName))}</p>;
}

/** One shift's fields, each with its label and, beside it, what is wrong with it. */
function ShiftFields({ row, index, staff, name, issues, onChange, onRemove }: {
  row: Row;
  index: number;
  staff: readonly string[];
  name: (email: string) => string;
  issues: Readonly<Partial<Record<string, string>>>;
  onChange: (change: Partial<OnCallShift>) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const issue = (field: Field) => issues[`shifts.${index}.${field}`];
  const control = (field: Field) => ({ id: `${id}-${field}`, ...(issue(field) ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {}) });
  const error = (field: Field) =>
    issue(field) && (
      <span id={`${id}-${field}-error`} className="field-error">
        {issue(field)}
      </span>
    );
  return (
    <fieldset className="rota-shift">
      <legend>{text.shift(index)}</legend>
      <div className="rota-field rota-person">
        <label htmlFor={`${id}-staff`}>{text.person}</label>
        <select value={row.staff} onChange={(event) => onChange({ staff: event.target.value })} {...control('staff')}>
          {!staff.includes(row.staff) && <option value={row.staff}>{row.staff}</option>}
          {staff.map((email) => (
            <option key={email} value={email}>
              {name(email)}
            </option>
          ))}
        </select>
        {error('staff')}
      </div>
      <div className="rota-field">
        <label htmlFor={`${id}-day`}>{text.day}</label>
        <select value={row.day} onChange={(event) => onChange({ day: weekdays.find((day) => day === event.target.value) ?? row.day })} {...control('day')}>
          {weekdays.map((day) => (
            <option key={day} value={day}>
              {weekdayLabels[day]}
            </option>
          ))}
        </select>
        {error('day')}
      </div>
      <div className="rota-field">
        <label htmlFor={`${id}-start`}>{text.start}</label>
        <input type="time" value={row.start} onChange={(event) => onChange({ start: event.target.value })} {...control('start')} />
        {error('start')}
      </div>
      <div className="rota-field">
        <label htmlFor={`${id}-end`}>{text.end}</label>
        <input type="time" value={row.end} onChange={(event) => onChange({ end: event.target.value })} {...control('end')} />
        {error('end')}
      </div>
      <button type="button" className="button button-outline button-small rota-remove" aria-label={text.removeLabel(index)} onClick={onRemove}>
        {text.remove}
      </button>
    </fieldset>
  );
}

let nextKey = 1;
const rowsOf = (shifts: readonly OnCallShift[]): Row[] => shifts.map((shift) => ({ ...shift, key: nextKey++ }));

/** The weekly on-call rota: one row per shift (who, which day, from, to), saved whole. */
export function RotaEditor() {
  const alerts = useSettingsStores().alerts;
  const shifts = useStore(alerts, (state) => state.shifts);
  const staff = useStore(alerts, (state) => state.staff);
  const saving = useStore(alerts, (state) => state.savingRota);
  const issues = useStore(alerts, (state) => state.rotaIssues);
  const message = useStore(alerts, (state) => state.rotaMessage);
  const [rows, setRows] = useState(() => rowsOf(shifts));
  // The rota read or saved replaces what is being edited.
  const [shown, setShown] = useState(shifts);
  if (shown !== shifts) {
    setShown(shifts);
    setRows(rowsOf(shifts));
  }
  const name = namesOf(staff);

  const reshape = (next: Row[]) => {
    alerts.getState().clearRotaIssues();
    setRows(next);
  };
  const save = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!saving) void alerts.getState().saveRota(rows.map(({ staff, day, start, end }) => ({ staff, day, start, end })));
  };

  return (
    <section className="rota" aria-labelledby="rota-title">
      <h3 id="rota-title">{text.heading}</h3>
      <OnCallNow shifts={shifts} staff={staff} />
      <p className="summary-quiet">{text.intro}</p>
      <form onSubmit={save} noValidate>
        {rows.map((row, index) => (
          <ShiftFields
            key={row.key}
            row={row}
            index={index}
            staff={staff}
            name={name}
            issues={issues}
            onChange={(change) => setRows(rows.map((each) => (each.key === row.key ? { ...each, ...change } : each)))}
            onRemove={() => reshape(rows.filter((each) => each.key !== row.key))}
          />
        ))}
        {issues.shifts && <p className="field-error">{issues.shifts}</p>}
        <p className="field-hint">{text.overnight}</p>
        <div className="rota-actions">
          <button
            type="button"
            className="button button-outline"
            onClick={() => reshape([...rows, { staff: staff[0] ?? '', day: 'monday', start: '08:00', end: '18:00', key: nextKey++ }])}
          >
            {text.add}
          </button>
          <button type="submit" className="button button-primary" aria-disabled={saving}>
            {saving ? text.saving : text.save}
          </button>
        </div>
        <p className={message?.failed ? 'rota-message field-error' : 'rota-message'} role="status">
          {message?.text}
        </p>
      </form>
    </section>
  );
}
