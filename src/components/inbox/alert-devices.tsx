import { useStore } from 'zustand';
import { alertsCopy } from '../../../domain/alerts/alerts-copy';
import { londonClock, londonDay } from '../../../domain/london-time';
import type { PushDevice } from '../../../domain/ports/push-devices';
import { useAppContext } from '../../app/app-context-provider';
import { useSettingsStores } from '../../app/settings-stores';
import { formatDateTime } from './format-date-time';

const text = alertsCopy;

/** "Alerts on this device": a switch, what it means now, and why turning it on or off failed. */
export function ThisDeviceSwitch() {
  const alerts = useSettingsStores().alerts;
  const on = useStore(alerts, (state) => state.thisDevice !== null);
  const switching = useStore(alerts, (state) => state.switching);
  const problem = useStore(alerts, (state) => state.problem);
  return (
    <div className="alert-switch">
      <button
        type="button"
        role="switch"
        className="switch"
        aria-checked={on}
        aria-describedby={problem ? 'alert-switch-state alert-switch-problem' : 'alert-switch-state'}
        aria-disabled={switching !== null}
        onClick={() => {
          if (switching === null) void (on ? alerts.getState().turnOff() : alerts.getState().turnOn());
        }}
      >
        <span className="switch-track" aria-hidden="true">
          <span className="switch-thumb" />
        </span>
        <span className="switch-label">{text.thisDevice}</span>
      </button>
      <p id="alert-switch-state" className="alert-switch-state" aria-live="polite">
        {switching === 'on' ? text.turningOn : switching === 'off' ? text.turningOff : on ? text.thisDeviceOn : text.thisDeviceOff}
      </p>
      {problem && (
        <p id="alert-switch-problem" className="field-error" role="alert">
          {text.problems[problem]}
        </p>
      )}
    </div>
  );
}

function DeviceItem({ device, here }: { device: PushDevice; here: boolean }) {
  const alerts = useSettingsStores().alerts;
  const now = useAppContext((context) => context.now);
  const busy = useStore(alerts, (state) => state.removing[device.id] === true || (here && state.switching !== null));
  const lastAlert = device.lastAlertAt;
  return (
    <li className="device">
      <div className="device-name">
        <strong>{device.label}</strong>
        {here && <span className="badge">{text.devices.thisOne}</span>}
      </div>
      <p className="device-meta">
        <time dateTime={device.createdAt.toISOString()}>{text.devices.since(londonDay(device.createdAt).split('-').reverse().join('/'))}</time>
        {' · '}
        {lastAlert === null ? (
          text.devices.noAlertYet
        ) : (
          <time dateTime={lastAlert.toISOString()} title={formatDateTime(lastAlert)}>
            {text.devices.lastAlert(londonDay(lastAlert) === londonDay(now()) ? londonClock(lastAlert) : formatDateTime(lastAlert))}
          </time>
        )}
      </p>
      <button
        type="button"
        className="button button-outline button-small"
        aria-label={text.devices.removeLabel(device.label)}
        aria-disabled={busy}
        onClick={() => {
          if (!busy) void alerts.getState().removeDevice(device);
        }}
      >
        {text.devices.remove}
      </button>
    </li>
  );
}

/** The staff member's devices, each with Remove, and the test alert that proves they are reached. */
export function AlertDevices() {
  const alerts = useSettingsStores().alerts;
  const devices = useStore(alerts, (state) => state.devices);
  const thisDevice = useStore(alerts, (state) => state.thisDevice);
  const testing = useStore(alerts, (state) => state.testing);
  const testResult = useStore(alerts, (state) => state.testResult);
  return (
    <section className="alert-devices" aria-labelledby="alert-devices-title">
      <h3 id="alert-devices-title">{text.devices.heading}</h3>
      {devices.length === 0 ? (
        <p className="summary-quiet">{text.devices.none}</p>
      ) : (
        <ul className="device-list">
          {devices.map((device) => (
            <DeviceItem key={device.id} device={device} here={device.id === thisDevice} />
          ))}
        </ul>
      )}
      <div className="alert-test">
        <button
          type="button"
          className="button button-outline"
          aria-disabled={testing}
          onClick={() => {
            if (!testing) void alerts.getState().sendTestAlert();
          }}
        >
          {testing ? text.test.sending : text.test.button}
        </button>
        <p className={testResult?.failed ? 'alert-test-result alert-test-failed' : 'alert-test-result'} role="status">
          {testResult?.text}
        </p>
      </div>
    </section>
  );
}
