import { useState } from 'react';
import { useStore } from 'zustand';
import { alertsCopy } from '../../../domain/alerts/alerts-copy';
import { useSettingsStores } from '../../app/settings-stores';
import { AlertDevices, ThisDeviceSwitch } from './alert-devices';
import { RotaEditor } from './rota-editor';

const text = alertsCopy;

/**
 * The alert settings, folded away under the toolbar until opened (and read only then): alerts on this
 * device, the staff member's devices and the test alert, and who is on call.
 */
export function AlertsPanel() {
  const alerts = useSettingsStores().alerts;
  const status = useStore(alerts, (state) => state.status);
  const [open, setOpen] = useState(false);
  return (
    <details
      className="alerts-panel"
      onToggle={(event) => {
        setOpen(event.currentTarget.open);
        if (event.currentTarget.open && (status === 'idle' || status === 'failed')) void alerts.getState().load();
      }}
    >
      <summary>
        <h2 className="alerts-panel-title">{text.heading}</h2>
      </summary>
      {/* Drawn only while open: what is folded away is neither read nor announced. */}
      {open && <div className="alerts-panel-body">
        <p className="summary-quiet">{text.intro}</p>
        {status === 'loaded' ? (
          <>
            <ThisDeviceSwitch />
            <AlertDevices />
            <RotaEditor />
          </>
        ) : status === 'failed' ? (
          <div role="alert">
            <p className="field-error">{text.unavailable}</p>
            <button type="button" className="button button-outline" onClick={() => void alerts.getState().load()}>
              {text.retry}
            </button>
          </div>
        ) : (
          <p className="summary-quiet" role="status">
            {text.loading}
          </p>
        )}
      </div>}
    </details>
  );
}
