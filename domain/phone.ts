/** "+44 (0)20 …": the trunk zero that international formats show in brackets. */
const bracketedTrunkZero = /\(0\)/g;
const allowedCharacters = /^\+?[\d\s().-]+$/;

function digitsOf(phone: string): string {
  return phone.replace(bracketedTrunkZero, '').replace(/\D/g, '');
}

/**
 * A UK number (0 then 9 or 10 digits, as in 020 7946 0123 or 01632 960 123) or an international one
 * (+ or 00, then 7 to 15 digits as E.164 allows). Spaces, dots, dashes and brackets are allowed.
 */
export function isPhoneNumber(phone: string): boolean {
  const trimmed = phone.trim();
  if (!allowedCharacters.test(trimmed)) return false;
  const digits = digitsOf(trimmed);
  if (trimmed.startsWith('+')) return digits.length >= 7 && digits.length <= 15;
  if (digits.startsWith('00')) return digits.length - 2 >= 7 && digits.length - 2 <= 15;
  return /^0\d{9,10}$/.test(digits);
}

/** The tel: link for a valid phone number, in international form (020 … becomes +4420 …). */
export function telHref(phone: string): string {
  const digits = digitsOf(phone);
  if (phone.trim().startsWith('+')) return `tel:+${digits}`;
  if (digits.startsWith('00')) return `tel:+${digits.slice(2)}`;
  if (digits.startsWith('0')) return `tel:+44${digits.slice(1)}`;
  return `tel:${digits}`;
}
