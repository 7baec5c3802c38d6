import * as v from 'valibot';
import { askIsStaff, asServiceRole, postgrestFailure, type StoreConfig } from '../_shared/postgrest.ts';
import { deliveryErrorMaxLength } from '../../../../../domain/inbox/inbox-quote.ts';
import { fromNamedFields, namedFieldList, namedFieldsEntries, type QuoteRequest } from '../../../../../domain/quote/quote.ts';

/** A stored request, and whether its email to the business has gone. */
interface StoredQuote {
  quote: QuoteRequest;
  businessEmailSentAt: Date | null;
  /** How many photos came with it: the email says so and links to the request. */
  photoCount: number;
  /** Whether it is in the Spam folder (judged spam, and nobody has said otherwise): then no email goes. */
  inSpamFolder: boolean;
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
    spam_score: v.nullable(v.number()),
    spam_cleared_at: v.nullable(v.string()),
  }),
);

const columns = ['id', 'created_at', ...namedFieldList, 'business_email_sent_at', 'spam_score', 'spam_cleared_at'].join(',');

/** The store through the project's REST API (PostgREST): the service key to read and record, the caller's token to ask is_staff. */
export function postgrestQuoteStore({ url, anonKey, serviceKey }: StoreConfig, fetchImpl: typeof fetch = fetch): QuoteStore {
  const asService = asServiceRole({ serviceKey });
  const failed = postgrestFailure;

  return {
    isStaff: (token) => askIsStaff({ url, anonKey }, token, fetchImpl),

    async find(id) {
      const response = await fetchImpl(`${url}/rest/v1/quote_requests?select=${columns}&id=eq.${encodeURIComponent(id)}`, { headers: asService });
      if (!response.ok) throw await failed('Reading the quote request', response);
      const [row] = v.parse(StoredRowsSchema, await response.json());
      if (row === undefined) return undefined;
      const quote: QuoteRequest = { id: row.id, createdAt: row.created_at, ...fromNamedFields(row) };
      const photos = await fetchImpl(`${url}/rest/v1/quote_photos?select=id&quote_id=eq.${encodeURIComponent(id)}`, { headers: asService });
      if (!photos.ok) throw await failed('Reading the request\'s photos', photos);
      const photoCount = v.parse(v.array(v.object({ id: v.string() })), await photos.json()).length;
      const inSpamFolder = row.spam_score !== null && row.spam_cleared_at === null;
      return { quote, businessEmailSentAt: row.business_email_sent_at, photoCount, inSpamFolder };
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
