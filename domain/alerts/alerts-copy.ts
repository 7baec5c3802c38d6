/**
 * Every text of the staff's alert settings (this device, their devices, the test alert, the rota).
 * Kept apart from the inbox's texts: only the settings page, and the server's refusals, use them.
 */
export const alertsCopy = {
  heading: 'Alerts',
  intro: 'Get an alert on this phone or computer when a request arrives, and when an urgent one waits.',
  loading: 'Reading your alert settings…',
  unavailable: 'Your alert settings could not be read just now. Please try again in a moment.',
  retry: 'Try again',
  thisDevice: 'Alerts on this device',
  thisDeviceOn: 'This device gets alerts.',
  thisDeviceOff: 'This device gets no alerts.',
  turningOn: 'Turning alerts on…',
  turningOff: 'Turning alerts off…',
  problems: {
    unsupported: 'This browser cannot show alerts. Open the inbox in Chrome, Edge, Firefox or Safari.',
    'home-screen-first':
      'Add this page to your home screen first: tap Share, then Add to Home Screen, then open the inbox from your home screen and turn alerts on there.',
    'permission-denied':
      'Notifications are blocked for this site. Allow them in your browser’s site settings (the icon beside the address), then turn alerts on again.',
    'permission-dismissed': 'Notifications were not allowed. Turn alerts on again and choose Allow when your browser asks.',
    'worker-failed': 'The inbox could not start its alert helper on this device. Reload the page and try again.',
    'push-refused': 'The push service did not accept this device. Try again in a moment; if it keeps failing, reload the page first.',
    'save-failed': 'This device could not be saved for alerts. Check your connection and try again.',
    'remove-failed': 'Alerts could not be turned off for this device just now. Please try again in a moment.',
    // Ten: alert-devices.ts maxPushDevicesPerStaff, which a test holds this to.
    'too-many-devices': 'You have 10 devices with alerts on. Remove one first.',
    'endpoint-not-allowed': 'This browser’s push service is not one alerts can be sent through. Try another browser.',
  },
  devices: {
    heading: 'Your devices',
    none: 'No device gets your alerts yet. Turn alerts on above, on each phone or computer you want them on.',
    thisOne: 'This device',
    since: (date: string) => `Since ${date}`,
    lastAlert: (time: string) => `Last alert ${time}`,
    noAlertYet: 'No alert yet',
    remove: 'Remove',
    removeLabel: (label: string) => `Remove ${label}`,
    removed: (label: string) => ({ title: 'Device removed', description: `${label} gets no more alerts.` }),
    removeFailed: { title: 'Could not remove the device', description: 'Something went wrong and nothing was changed. Please try again in a moment.' },
  },
  test: {
    button: 'Send a test alert',
    sending: 'Sending…',
    noDevices: 'Turn alerts on for a device first.',
    result: (delivered: number, failed: number) => {
      const devices = (count: number) => (count === 1 ? '1 device' : `${count.toLocaleString('en-GB')} devices`);
      const sent = delivered > 0 ? `Sent to ${devices(delivered)}` : '';
      const unanswered = failed > 0 ? `${devices(failed)} did not answer` : '';
      return [sent, unanswered].filter((part) => part !== '').join(' · ') || 'No device to send to.';
    },
    failed: 'The test alert could not be sent just now. Please try again in a moment.',
  },
  rota: {
    heading: 'Who is on call',
    intro: 'Set who gets the first alert, by day and time (London time). When nobody is on call, every staff member is alerted.',
    onCallNow: (names: readonly string[]) => `On call now: ${names.join(', ')}.`,
    everyoneNow: 'Nobody is on call now, so every staff member is alerted.',
    none: 'No shifts yet: every staff member is alerted about every request.',
    shift: (index: number) => `Shift ${index + 1}`,
    person: 'Person',
    day: 'Day',
    start: 'From',
    end: 'To',
    overnight: 'An end at or before the start runs overnight into the next day.',
    add: 'Add a shift',
    remove: 'Remove',
    removeLabel: (index: number) => `Remove shift ${index + 1}`,
    save: 'Save the rota',
    saving: 'Saving…',
    saved: 'Rota saved.',
    invalid: (count: number) => (count === 1 ? 'The rota was not saved: 1 field needs changing.' : `The rota was not saved: ${count} fields need changing.`),
    failed: 'The rota could not be saved just now. Nothing was changed. Please try again in a moment.',
  },
} as const;
