import { sentEmailsNotice } from './customer-data';

const count = (value: number, one: string, many: string) => `${value.toLocaleString('en-GB')} ${value === 1 ? one : many}`;

/** The texts of the staff inbox's Customer data panel (subject access and erasure). */
export const customerDataCopy = {
  heading: 'Customer data',
  intro: 'Find everything we hold about one customer by the email address or phone number they gave, to send it to them or to erase it.',
  email: 'Email address',
  phone: 'Phone number',
  hint: 'Give either, or both: a request matching either is theirs. 07700 900123 and +44 7700 900123 are the same number.',
  find: 'Find their data',
  finding: 'Looking…',
  results: 'What we hold',
  nothing: 'We hold no request with this email address or phone number.',
  held: (requests: number, notes: number, changes: number, emails: number) =>
    `${count(requests, 'request', 'requests')}, ${count(notes, 'note', 'notes')}, ${count(changes, 'status change', 'status changes')} and ${count(emails, 'email record', 'email records')}.`,
  downloadJson: 'Download JSON',
  downloadCsv: 'Download CSV',
  fileName: (day: string, extension: 'json' | 'csv') => `customer-data-${day}.${extension}`,
  sentEmails: sentEmailsNotice,
  erase: 'Erase all of it',
  eraseWarning: 'This erases every request listed above, with its notes, history, email records and alerts, for good. It cannot be undone.',
  confirm: 'Type the email address or phone number again to confirm',
  eraseForGood: 'Erase for good',
  erasing: 'Erasing…',
  cancel: 'Cancel',
  unavailable: 'The customer’s data could not be reached just now. Please try again in a moment; nothing was erased.',
} as const;
