import type { NamedFields } from '../../domain/quote/quote';
import type { SupabaseClient } from '@supabase/supabase-js';

/** A quote_requests row as PostgREST sends it: snake_case, created_at an ISO 8601 timestamp with offset. */
// A type alias, not an interface: supabase-js needs it to meet Record<string, unknown>, which no interface does.
type QuoteRequestRow = {
  id: string;
  created_at: string;
} & NamedFields;

/**
 * What the browser inserts: the id, the form's fields, the hidden field's state and the hash of the
 * customer's token; the database stamps created_at and judges the rest.
 */
type NewQuoteRequestRow = Omit<QuoteRequestRow, 'created_at'> & { honeypot_filled: boolean; customer_token_hash: string };

/** What public.inbox_page takes: the query, the time the waiting order is judged at, and the cursor's keys. */
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- as below: supabase-js needs a type alias
export type InboxPageArgs = {
  view: string;
  as_of: string;
  row_limit: number;
  words: string[];
  service_type: string | null;
  urgent: boolean | null;
  /** 'inside' or 'outside' the service area (domain/inbox/inbox-query.ts serviceAreaFilters), or null for either. */
  area: string | null;
  received_from: string | null;
  received_to: string | null;
  after_overdue_urgent: boolean | null;
  after_due_at: string | null;
  after_created_at: string | null;
  after_id: string | null;
};

/**
 * The tables of the Supabase project this client uses, as its SQL defines them: written by hand
 * (types only; responses are still parsed), so no generated file has to be kept in step.
 */
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- as above: an interface never meets supabase-js's GenericSchema
export type Database = {
  public: {
    Tables: {
      quote_requests: {
        Row: QuoteRequestRow;
        Insert: NewQuoteRequestRow;
        Update: Record<string, never>;
        Relationships: [];
      };
      /** The devices staff get alerts on; each staff member reads and deletes only their own (row-level security). */
      push_devices: {
        Row: { id: string; user_id: string; endpoint: string; p256dh: string; auth: string; label: string; created_at: string; last_alert_at: string | null };
        Insert: { endpoint: string; p256dh: string; auth: string; label: string };
        Update: Record<string, never>;
        Relationships: [];
      };
      /** The weekly on-call rota, in the order staff put it; replaced whole through save_on_call_rota. */
      on_call_shifts: {
        Row: { position: number; staff: string; day: string; start_time: string; end_time: string };
        Insert: Record<string, never>;
        Update: Record<string, never>;
        Relationships: [];
      };
      /** Who is staff: one row per Supabase Auth user allowed to read and delete quote requests. */
      staff: {
        Row: { user_id: string };
        Insert: { user_id: string };
        Update: Record<string, never>;
        Relationships: [];
      };
    };
    Views: Record<string, never>;
    /** The inbox's and the alerts' calls (inbox-functions-sql.ts, alert-functions-sql.ts, 20261201070400_alerts.sql); answers are parsed, so typed unknown. */
    Functions: {
      inbox_page: { Args: InboxPageArgs; Returns: unknown };
      change_quote_status: { Args: { quote_id: string; from_status: string; to_status: string }; Returns: unknown };
      add_quote_note: { Args: { quote_id: string; note_text: string }; Returns: unknown };
      clock_records: { Args: { since: string }; Returns: unknown };
      take_quote: { Args: { quote_id: string }; Returns: unknown };
      clear_spam: { Args: { quote_id: string }; Returns: unknown };
      staff_emails: { Args: Record<string, never>; Returns: unknown };
      save_on_call_rota: { Args: { shifts: { staff: string; day: string; start: string; end: string }[] }; Returns: unknown };
      customer_data: { Args: { subject_email: string | null; subject_phone: string | null }; Returns: unknown };
      erase_customer_data: { Args: { subject_email: string | null; subject_phone: string | null }; Returns: unknown };
      send_quote_request: { Args: { request: NewQuoteRequestRow; photos: { id: string; width: number; height: number; thumbnail_width: number; thumbnail_height: number }[] }; Returns: unknown };
      save_push_device: { Args: { endpoint: string; p256dh: string; auth: string; label: string }; Returns: unknown };
    };
  };
};

export type SupabaseDatabaseClient = SupabaseClient<Database>;
