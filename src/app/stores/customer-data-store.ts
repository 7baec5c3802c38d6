import { createStore } from 'zustand/vanilla';
import { type CustomerData, type CustomerSubject, describeErased, type SubjectFieldError } from '../../../domain/customer-data/customer-data';
import { customerDataCopy } from '../../../domain/customer-data/customer-data-copy';
import { customerDataCsv, customerDataDocument } from '../../../domain/customer-data/customer-data-export';
import type { EraseCustomerDataResult, FindCustomerDataResult } from '../../../domain/customer-data/customer-data-requests';
import { londonDay } from '../../../domain/london-time';

interface CustomerDataState {
  status: 'idle' | 'finding' | 'found' | 'erasing' | 'erased' | 'failed';
  /** What staff typed, kept whatever happens. */
  email: string;
  phone: string;
  /** Who was found, and what is held about them. */
  subject: CustomerSubject | null;
  data: CustomerData | null;
  /** What is wrong with the search or the confirmation, by field. */
  errors: Readonly<Partial<Record<SubjectFieldError['field'], string>>>;
  /** What the last erasure did, in words. */
  erasedMessage: string | null;
  setEmail: (email: string) => void;
  setPhone: (phone: string) => void;
  find: () => Promise<void>;
  /** Erases what was found, if `confirm` repeats its email or phone number. */
  erase: (confirm: string) => Promise<void>;
  /** The found data as a file: the JSON document, or the CSV. */
  file: (format: 'json' | 'csv') => { content: string; fileName: string; type: string } | undefined;
  clear: () => void;
}

export interface CustomerDataDeps {
  find: (input: { email: string; phone: string }) => Promise<FindCustomerDataResult>;
  erase: (input: { email: string | null; phone: string | null; confirm: string }) => Promise<EraseCustomerDataResult>;
  now: () => Date;
  /** The inbox has lost the erased requests: it reads its list again. */
  afterErasure: () => void;
  onNotSignedIn: () => void;
}

export type CustomerDataStore = ReturnType<typeof createCustomerDataStore>;

const errorsOf = (fields: readonly SubjectFieldError[]) => Object.fromEntries(fields.map(({ field, message }) => [field, message]));

/** The Customer data panel: a search by email or phone, what it found, its files, and its erasure. */
export function createCustomerDataStore(deps: CustomerDataDeps) {
  return createStore<CustomerDataState>()((set, get) => ({
    status: 'idle',
    email: '',
    phone: '',
    subject: null,
    data: null,
    errors: {},
    erasedMessage: null,
    setEmail: (email) => set({ email }),
    setPhone: (phone) => set({ phone }),
    find: async () => {
      const { email, phone } = get();
      set({ status: 'finding', errors: {}, erasedMessage: null });
      const result = await deps.find({ email, phone });
      if (result.ok) {
        set({ status: 'found', subject: result.subject, data: result.data });
        return;
      }
      const { error } = result;
      if (error.kind === 'invalid-fields') set({ status: 'idle', subject: null, data: null, errors: errorsOf(error.fields) });
      else {
        set({ status: 'failed', subject: null, data: null });
        if (error.kind === 'not-signed-in') deps.onNotSignedIn();
      }
    },
    erase: async (confirm) => {
      const { subject } = get();
      if (subject === null) return;
      set({ status: 'erasing', errors: {} });
      const result = await deps.erase({ email: subject.email, phone: subject.phone, confirm });
      if (result.ok) {
        set({ status: 'erased', data: null, subject: null, erasedMessage: describeErased(result.erased) });
        deps.afterErasure();
        return;
      }
      const { error } = result;
      if (error.kind === 'invalid-fields') set({ status: 'found', errors: errorsOf(error.fields) });
      else {
        set({ status: 'failed' });
        if (error.kind === 'not-signed-in') deps.onNotSignedIn();
      }
    },
    file: (format) => {
      const { data, subject } = get();
      if (data === null || subject === null) return undefined;
      const at = deps.now();
      const fileName = customerDataCopy.fileName(londonDay(at), format);
      return format === 'json'
        ? { content: `${JSON.stringify(customerDataDocument(data, subject, at), null, 2)}\n`, fileName, type: 'application/json' }
        : { content: customerDataCsv(data), fileName, type: 'text/csv;charset=utf-8' };
    },
    clear: () => set({ status: 'idle', email: '', phone: '', subject: null, data: null, errors: {}, erasedMessage: null }),
  }));
}
