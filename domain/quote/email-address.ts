// What the business accepts as a customer's email address, and how it is written in a mailto: link.

/**
 * A local part's characters: RFC 5322's atext without the ones a URL reads as its own (`#`, `%`, `&`,
 * `/`, `?`), so an address can never carry a query (`x?bcc=…`) into a mailto: link. Nobody's real
 * address needs them.
 */
const localCharacters = "A-Za-z0-9!$'*+=^_`{|}~-";
const label = '[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
// A top-level domain is letters (co.uk, com), or an internationalised one in its ASCII form (xn--p1ai).
const topLevel = '([A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})';

/**
 * A conservative addr-spec: dot-separated atoms of plain ASCII before the @, and after it a domain of
 * two or more labels. No quoted local parts, comments, IP literals, spaces or control characters.
 */
const emailAddressPattern = `^[${localCharacters}]+(\\.[${localCharacters}]+)*@(${label}\\.)+${topLevel}$`;

/** RFC 5321's limit on the part before the @. */
const localPartMaxLength = 64;

const emailAddress = new RegExp(emailAddressPattern);

/** Whether the business will write to this address (its length overall is the field's own limit). */
export function isEmailAddress(address: string): boolean {
  return emailAddress.test(address) && address.indexOf('@') <= localPartMaxLength;
}

/**
 * The mailto: link for an address, each side of its last @ percent-encoded: whatever an address holds
 * (a request stored before the rule above, say), it stays one recipient, never a query that adds
 * another (`?bcc=`) or sets the subject.
 */
export function mailtoHref(address: string): string {
  const at = address.lastIndexOf('@');
  const encode = (part: string) => encodeURIComponent(wellFormed(part));
  return at < 0 ? `mailto:${encode(address)}` : `mailto:${encode(address.slice(0, at))}@${encode(address.slice(at + 1))}`;
}

// encodeURIComponent throws on a lone surrogate; such text is not an address anyone can write to.
const wellFormed = (text: string) => text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
