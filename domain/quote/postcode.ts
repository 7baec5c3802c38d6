import { serviceArea } from '../business';

// A UK postcode: the outward code (area letters, district digit, and maybe a digit or letter) and,
// optionally, the inward code (a digit and two letters). BS 7666; GIR 0AA is the one exception.
const outward = '[A-Z]{1,2}[0-9][A-Z0-9]?';
const inward = '[0-9][A-Z]{2}';
const postcodePattern = new RegExp(`^(?:(${outward})(${inward})?|(GIR)(0AA))$`);

/**
 * A postcode as the Royal Mail writes it (`se17pb` → `SE1 7PB`, ` sw1a  1aa ` → `SW1A 1AA`), or the
 * outward code alone (`se1` → `SE1`); undefined for anything that is not a UK postcode.
 */
export function normalisePostcode(text: string): string | undefined {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  const match = postcodePattern.exec(compact);
  if (!match) return undefined;
  const [, outwardCode, inwardCode, giro, giroInward] = match;
  if (giro !== undefined) return `${giro} ${giroInward ?? ''}`;
  return inwardCode === undefined ? outwardCode : `${outwardCode ?? ''} ${inwardCode}`;
}

/** The outward code (district) of a normalised postcode: `SE1` of `SE1 7PB`. */
export const outwardCodeOf = (postcode: string): string => postcode.split(' ')[0] ?? postcode;

/** Whether a normalised postcode lies in the districts the business usually covers. */
export const isInServiceArea = (postcode: string): boolean =>
  serviceArea.outwardCodes.includes(outwardCodeOf(postcode));
