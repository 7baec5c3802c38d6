import { isInServiceArea, normalisePostcode, outwardCodeOf } from './postcode';

/**
 * The answer to "Do we cover you?": the postcode's district, inside or outside the districts we
 * usually work in (the same rule as the quote form's remark), or not a UK postcode at all.
 */
export type CoverAnswer = { kind: 'covered'; district: string } | { kind: 'outside'; district: string } | { kind: 'not-a-postcode' };

/** The name the check's field is sent under, as a plain form's query parameter. */
export const coverCheckFieldName = 'postcode';

/** The longest text the check reads: a postcode with room for stray spaces. */
export const coverCheckMaxLength = 16;

/** Answers a postcode as a visitor typed it (`se16 4ab`, `SE16`). */
export function checkCover(typed: string): CoverAnswer {
  const postcode = typed.length > coverCheckMaxLength ? undefined : normalisePostcode(typed);
  if (postcode === undefined) return { kind: 'not-a-postcode' };
  const district = outwardCodeOf(postcode);
  return isInServiceArea(postcode) ? { kind: 'covered', district } : { kind: 'outside', district };
}
