import { serveFunction } from '../_shared/serve.ts';
import { parseMailConfig, SmtpMailer } from '../../../../email/smtp-mailer.ts';
import { handleQuoteNotification, type MailSetup } from './handler.ts';
import { parseStoreConfig } from '../_shared/postgrest.ts';
import { postgrestQuoteStore } from './quote-store.ts';

/** The function's secrets, read once at boot: without them every request is answered 500, saying which to set. */
function mailSetup(): MailSetup {
  try {
    const config = parseMailConfig({
      SMTP_URL: Deno.env.get('SMTP_URL'),
      NOTIFY_TO: Deno.env.get('NOTIFY_TO'),
      MAIL_FROM: Deno.env.get('MAIL_FROM'),
    });
    if (config === undefined) return { ok: false, problem: 'set the secrets SMTP_URL, NOTIFY_TO and MAIL_FROM' };
    return { ok: true, to: config.to, mailer: new SmtpMailer({ url: config.url, from: config.from }) };
  } catch (error) {
    return { ok: false, problem: error instanceof Error ? error.message : String(error) };
  }
}

const mail = mailSetup();

// Supabase sets these for every function; without them (run by hand) emails still go, unrecorded.
const storeConfig = parseStoreConfig({
  SUPABASE_URL: Deno.env.get('SUPABASE_URL'),
  SUPABASE_ANON_KEY: Deno.env.get('SUPABASE_ANON_KEY'),
  SUPABASE_SERVICE_ROLE_KEY: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY'),
});
const store = storeConfig === undefined ? undefined : postgrestQuoteStore(storeConfig);

const handler = (request: Request) =>
  handleQuoteNotification(request, { mail, now: () => new Date(), newId: () => crypto.randomUUID(), store });

serveFunction(handler);
