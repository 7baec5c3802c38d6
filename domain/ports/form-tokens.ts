/**
 * The quote form's signed, timestamped tokens (`formTokenFieldName`): issued with each page that holds
 * the form, read back when a request arrives, so the spam rules can tell a person from a script that
 * posts the moment it has the page. Signed with a secret of the server's, so a token cannot be made.
 */
export interface FormTokens {
  /** A token saying the form was issued at `now`. */
  issue(now: Date): Promise<string>;
  /** Seconds from the token's issue to `now`; null for a token that is forged, malformed or too old. */
  secondsSince(token: string, now: Date): Promise<number | null>;
}
