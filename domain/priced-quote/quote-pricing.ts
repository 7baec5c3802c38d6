// A priced quote's money: whole pence throughout, VAT worked out on each line and rounded there, so
// the lines always add up to the totals the customer agrees to pay.
//
// HMRC lets a business work VAT out per line or on the invoice's total (VAT Notice 700, 17.5 and 17.6).
// Per line is chosen, because a quote's lines may carry different rates: each line's VAT is rounded
// to the nearest penny, a half penny up (VATREC12030), and never rounded down as a concession, which
// applies only to an invoice-level total. The VAT of each rate, and of the whole quote, is then the
// sum of its lines' VAT, not a second calculation that could differ by a penny.

/** A line's VAT rate: the standard rate, the reduced rate (some energy-saving work), or zero. */
export const vatRatePercents = { standard: 20, reduced: 5, zero: 0 } as const;
export type VatRate = keyof typeof vatRatePercents;
export const vatRates = Object.keys(vatRatePercents) as VatRate[];

/** One line as staff write it: what, how many (up to two decimal places: 2.5 hours), at what unit price before VAT, and its rate. */
export interface QuoteLine {
  description: string;
  quantity: number;
  unitPence: number;
  vat: VatRate;
}

/** A line with its money worked out. */
interface PricedLine extends QuoteLine {
  netPence: number;
  vatPence: number;
}

/** The quote's VAT at one rate: the lines' net and VAT at that rate. */
interface RateTotal {
  vat: VatRate;
  netPence: number;
  vatPence: number;
}

export interface QuotePrice {
  lines: PricedLine[];
  /** The rates its lines carry, standard first; empty for a business that is not VAT registered. */
  byRate: RateTotal[];
  netPence: number;
  vatPence: number;
  /** What the customer pays: the figure the quote leads with. */
  totalPence: number;
  vatRegistered: boolean;
}

/** `numerator / denominator` to the nearest whole number, a half up, for whole numbers at or above 0. */
const roundHalfUp = (numerator: number, denominator: number): number => Math.floor((2 * numerator + denominator) / (2 * denominator));

/** A quantity in hundredths: 2.5 is 250. */
const hundredths = (quantity: number): number => Math.round(quantity * 100);

/** The line's price before VAT: its quantity times its unit price, to the nearest penny. */
const lineNetPence = (line: Pick<QuoteLine, 'quantity' | 'unitPence'>): number => roundHalfUp(hundredths(line.quantity) * line.unitPence, 100);

/**
 * The quote's lines priced and totalled. A business that is not VAT registered charges none: its
 * lines' rates are kept as written but count for nothing, and the quote says so.
 */
export function priceQuote(lines: readonly QuoteLine[], { vatRegistered }: { vatRegistered: boolean }): QuotePrice {
  const priced = lines.map((line) => {
    const netPence = lineNetPence(line);
    return { ...line, netPence, vatPence: vatRegistered ? roundHalfUp(netPence * vatRatePercents[line.vat], 100) : 0 };
  });
  const sum = (of: readonly PricedLine[], field: 'netPence' | 'vatPence') => of.reduce((total, line) => total + line[field], 0);
  const byRate = vatRegistered
    ? vatRates.flatMap((vat) => {
        const atRate = priced.filter((line) => line.vat === vat);
        return atRate.length === 0 ? [] : [{ vat, netPence: sum(atRate, 'netPence'), vatPence: sum(atRate, 'vatPence') }];
      })
    : [];
  const netPence = sum(priced, 'netPence');
  const vatPence = sum(priced, 'vatPence');
  return { lines: priced, byRate, netPence, vatPence, totalPence: netPence + vatPence, vatRegistered };
}

/** Money on a quote, always with its pence: "£1,254.00". */
export const formatPrice = (pence: number): string =>
  (pence / 100).toLocaleString('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 });
