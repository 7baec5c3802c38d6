import * as v from 'valibot';
import { deliveryErrorMaxLength } from '../../../../../domain/inbox-quote.ts';
import { fromNamedFields, namedFieldList, namedFieldsEntries, type QuoteRequest } from '../../../../../domain/quote.ts';

/** A stored request, and whether its email to the business has gone. */
interface StoredQuote {
  quote: QuoteRequest;
  businessEmailSentAt: Date | null;
}

/** How one attempt to email the business went. */
type Delivery = { sentAt: Date } | { error: string };

/** The project's database, as this function needs it. Every method rejects when it cannot be reached. */
export interface QuoteStore {
  /** Whether the holder of `token` is staff, asked with their own token; 'refused' for a token the project refuses. */
  isStaff(token: string): Promise<boolean | 'refused'>;
  find(id: string): Promise<StoredQuote | undefined>;
  /** Records how the email went, on a request whose email has not gone yet (a sent one stays sent). */
  recordDelivery(id: string, delivery: Delivery): Promise<void>;
}

/** Where the project is: Supabase gives every edge function these three variables. */
export interface StoreConfig {
  url: string;
  anonKey: string;
  serviceKey: string;
}

/** The project from the function's environment; undefined when any variable is missing. */
export function parseStoreConfig(env: Record<string, string | undefined>): StoreConfig | undefined {
  const { SUPABASE_URL: url, SUPABASE_ANON_KEY: anonKey, SUPABASE_SERVICE_ROLE_KEY: serviceKey } = env;
  if (!url || !anonKey || !serviceKey) return undefined;
  return { url: url.replace(/\/+$/, ''), anonKey, serviceKey };
}

const TimeSchema = v.pipe(
  v.string(),
  v.transform((text) => new Date(text.replace(/(\.\d{3})\d+/, '$1'))),
  v.check((date) => !Number.isNaN(date.getTime()), 'not a time'),
);

const StoredRowsSchema = v.array(
  v.object({
    id: v.string(),
    created_at: TimeSchema,
    ...namedFieldsEntries,
    business_email_sent_at: v.nullable(TimeSchema),
  }),
);

const columns = ['id', 'created_at', ...namedFieldList, 'business_email_sent_at'].join(',');

/** The store through the project's REST API (PostgREST): the service key to read and record, the caller's token to ask is_staff. */
export function postgrestQuoteStore({ url, anonKey, serviceKey }: StoreConfig, fetchImpl: typeof fetch = fetch): QuoteStore {
  const asService = { apikey: serviceKey, authorization: `Bearer ${serviceKey}` };
  const failed = async (action: string, response: Response) =>
    new Error(`${action} failed: the database answered ${response.status} ${(await response.text()).slice(0, 200)}`);

  return {
    async isStaff(token) {
      const response = await fetchImpl(`${url}/rest/v1/rpc/is_staff`, {
        method: 'POST',
        headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      // 401: an expired or forged token, or the anonymous key (which may not ask).
      if (response.status === 401) return 'refused';
      if (!response.ok) throw await failed('Asking whether the caller is staff', response);
      return v.parse(v.boolean(), await response.json());
    },

    async find(id) {
      const response = await fetchImpl(`${url}/rest/v1/quote_requests?select=${columns}&id=eq.${encodeURIComponent(id)}`, { headers: asService });
      if (!response.ok) throw await failed('Reading the quote request', response);
      const [row] = v.parse(StoredRowsSchema, await response.json());
      if (row === undefined) return undefined;
      const quote: QuoteRequest = { id: row.id, createdAt: row.created_at, ...fromNamedFields(row) };
      return { quote, businessEmailSentAt: row.business_email_sent_at };
    },

    async recordDelivery(id, delivery) {
      const body =
        'sentAt' in delivery
          ? { business_email_sent_at: delivery.sentAt.toISOString(), business_email_error: null }
          : { business_email_error: delivery.error.slice(0, deliveryErrorMaxLength) || 'unknown error' };
      const response = await fetchImpl(
        `${url}/rest/v1/quote_requests?id=eq.${encodeURIComponent(id)}&business_email_sent_at=is.null`,
        {
          method: 'PATCH',
          headers: { ...asService, 'content-type': 'application/json', prefer: 'return=minimal' },
          body: JSON.stringify(body),
        },
      );
      if (!response.ok) throw await failed('Recording the business email', response);
    },
  };
}
