import type { SupabaseClient } from '@supabase/supabase-js';

/** A quote_requests row as PostgREST sends it: snake_case, created_at an ISO 8601 timestamp with offset. */
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- supabase-js needs it to meet Record<string, unknown>, which no interface does
export type QuoteRequestRow = {
  id: string;
  created_at: string;
  name: string;
  email: string | null;
  phone: string;
  service_type: string;
  description: string | null;
  urgent: boolean;
};

/** What the browser inserts: every column but created_at, which the database stamps itself. */
export type NewQuoteRequestRow = Omit<QuoteRequestRow, 'created_at'>;

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
      /** Who is staff: one row per Supabase Auth user allowed to read and delete quote requests. */
      staff: {
        Row: { user_id: string };
        Insert: { user_id: string };
        Update: Record<string, never>;
        Relationships: [];
      };
    };
    Views: Record<string, never>;
    Functions: Record<string, never>;
  };
};

export type SupabaseDatabaseClient = SupabaseClient<Database>;
