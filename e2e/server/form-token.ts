import type { APIRequestContext } from '@playwright/test';
import { formTokenFieldName } from '../../domain/spam/spam';

/**
 * The token the home page was sent with, read from the page as a browser's form would send it, as
 * a field to add to a request's body: requests a test sends alike, as a person's, are not taken for
 * a script's burst. The servers under test issue tokens ten seconds back (FORM_TOKEN_BACKDATE_SECONDS).
 */
export async function pageFormToken(from: APIRequestContext | string): Promise<Record<string, string>> {
  const html = typeof from === 'string' ? await (await fetch(`${from}/`)).text() : await (await from.get('/')).text();
  const token = new RegExp(`name="${formTokenFieldName}"[^>]*value="([^"]+)"`).exec(html)?.[1];
  if (token === undefined) throw new Error('The home page holds no form token');
  return { [formTokenFieldName]: token };
}
