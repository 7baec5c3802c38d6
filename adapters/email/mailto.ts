/**
 * The mailto: link for an address. Characters that mean something in a URL (%, ?, #) are legal in
 * an address's local part, so they are percent-encoded rather than left to start a query.
 */
export function mailtoHref(address: string): string {
  return `mailto:${address.replace(/[%?#&\s]/g, (character) => encodeURIComponent(character))}`;
}
