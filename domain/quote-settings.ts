/**
 * How our priced quotes are written, beside the business's other details (business.ts; apart from them,
 * so the home page, which reads those, carries none of this): whether the business is VAT registered (a
 * quote then charges VAT line by line and shows our VAT number; otherwise it says no VAT is charged), and
 * our short terms, which every quote carries as they were when it was written.
 */
export const quoteSettings = {
  vatRegistered: true,
  vatNumber: 'GB 123 4567 89',
  terms: [
    'Prices are fixed for the work listed, including parts and labour, until the date the quote is valid until.',
    'Work found that is not listed is quoted and agreed with you before we do it.',
    'Payment is due when the work is finished, by card or bank transfer. We never ask for payment in advance.',
    'All work carries our 12-month guarantee on parts and labour.',
  ].join('\n'),
} as const;
