const allowedCharacters = /^\+?[\d\s().-]+$/;

/**
 * The number as E.164 digits without the plus: UK numbers get the country code 44 in place of the
 * trunk zero; an international one keeps its country code, less a UK trunk zero written after +44
 * ("+44 (0)20 …" or "+44 020 …"). Undefined when it is not a phone number at all.
 */
function internationalDigits(phone: string): string | undefined {
  const trimmed = phone.trim();
  if (!allowedCharacters.test(trimmed)) return undefined;
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return withoutUkTrunkZero(digits);
  if (digits.startsWith('00')) return withoutUkTrunkZero(digits.slice(2));
  if (/^0\d{9,10}$/.test(digits)) return `44${digits.slice(1)}`;
  return undefined;
}

function withoutUkTrunkZero(digits: string): string {
  return digits.startsWith('440') ? `44${digits.slice(3)}` : digits;
}

/**
 * A UK number (0 then 9 or 10 digits, as in 020 7946 0123 or 01632 960 123) or an international one
 * (+ or 00, then a country code that never starts with 0, and 7 to 15 digits in all as E.164 allows).
 * Spaces, dots, dashes and brackets are allowed.
 */
export function isPhoneNumber(phone: string): boolean {
  const digits = internationalDigits(phone);
  return digits !== undefined && /^[1-9]\d{6,14}$/.test(digits);
}

/** The tel: link for a valid phone number, in international form (020 … becomes +4420 …). */
export function telHref(phone: string): string {
  return `tel:+${internationalDigits(phone) ?? phone.replace(/\D/g, '')}`;
}

/**
 * What two ways of writing one number have in common, to tell whether they are the same number:
 * +44 7700 900123, 07700 900123 and 0044 7700 900123 all give 447700900123. A number that is not one
 * by {@link isPhoneNumber} (kept from before the rules were checked) is compared by its digits alone.
 */
export function phoneNumberKey(phone: string): string {
  return internationalDigits(phone) ?? phone.replace(/\D/g, '');
}
