import type { ServiceType } from './service-type';

/** What a visitor has typed into the quote form, before any rule is applied. */
export interface QuoteDraft {
  name: string;
  email: string;
  phone: string;
  serviceType: string;
  description: string;
  urgent: boolean;
}

/** The form as it starts, and as it returns after a successful submission. */
export const emptyDraft: Readonly<QuoteDraft> = {
  name: '',
  email: '',
  phone: '',
  serviceType: '',
  description: '',
  urgent: false,
};

/** A quote request that passed every rule and is ready to be stored. */
export interface NewQuote {
  name: string;
  email: string | null;
  phone: string;
  serviceType: ServiceType;
  description: string | null;
  urgent: boolean;
}

/** A stored quote request, as staff see it. */
export interface QuoteRequest extends NewQuote {
  id: string;
  createdAt: Date;
}

export type QuoteField = keyof QuoteDraft;

/**
 * A field of the quote form that people never see or fill: a request that fills it comes from a
 * bot, and is answered as if stored, and dropped.
 */
export const honeypotFieldName = 'website';

/** The fields as the quote_requests entity names them: the names of the API and of the HTML form. */
export const quoteFieldNames: Readonly<Record<QuoteField, string>> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  serviceType: 'service_type',
  description: 'description',
  urgent: 'urgent',
};

export const requiredFields = ['name', 'phone', 'serviceType'] as const satisfies readonly QuoteField[];

export type RequiredField = (typeof requiredFields)[number];
