import nodemailer, { type SMTPSentMessageInfo, type Transporter } from 'nodemailer';
import * as v from 'valibot';
import type { OutgoingEmail } from './outgoing-email';

/**
 * A down mail server should fail a send in seconds, not after nodemailer's defaults (two minutes to
 * connect, ten of silence): the request waits in the outbox and is tried again anyway. Query
 * parameters of the SMTP URL (`?greetingTimeout=10000`) override these where a server is slow.
 */
const timeouts = {
  connectionTimeout: 5_000,
  greetingTimeout: 5_000,
  socketTimeout: 10_000,
  dnsTimeout: 5_000,
} as const;

function describe(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  // nodemailer puts the SMTP reply (such as "550 Mailbox unavailable") in `response`.
  const response = 'response' in cause && typeof cause.response === 'string' ? cause.response : undefined;
  return response !== undefined && !cause.message.includes(response) ? `${cause.message} (${response})` : cause.message;
}

/** Sends emails through an SMTP server, from one sender address, one connection per email. */
export class SmtpMailer {
  readonly #transport: Transporter<SMTPSentMessageInfo>;
  readonly #from: string;

  /** `url` as smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465; `from` may be 'Name <address>'. */
  constructor({ url, from }: { url: string; from: string }) {
    this.#transport = nodemailer.createTransport({ ...timeouts, url });
    this.#from = from;
  }

  /** Resolves once the server has accepted the email; rejects, saying why, when it refused or could not be reached. */
  async send(email: OutgoingEmail): Promise<void> {
    // No subject or address in the message: it ends up in logs, and both can name the customer.
    const failure = (reason: string, cause?: unknown) => new Error(`SMTP send failed: ${reason}`, { cause });
    let rejected: readonly string[];
    try {
      const info = await this.#transport.sendMail({
        from: this.#from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        ...(email.replyTo === undefined ? {} : { replyTo: email.replyTo }),
        ...(email.unsubscribe === undefined ? {} : { list: { unsubscribe: email.unsubscribe }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }),
      });
      rejected = info.rejected;
    } catch (cause) {
      throw failure(describe(cause), cause);
    }
    // A server may accept the message yet refuse its recipient: that is no delivery either.
    if (rejected.length > 0) throw failure('the server refused the recipient');
  }

  /** Connects, greets and signs in as a send would, sending nothing; rejects, saying why, when the server would not take an email. */
  async verify(): Promise<void> {
    try {
      await this.#transport.verify();
    } catch (cause) {
      throw new Error(`SMTP check failed: ${describe(cause)}`, { cause });
    }
  }

  /** Lets go of the transport's connections, for a clean shutdown. */
  close(): void {
    this.#transport.close();
  }
}

/** Where and as whom the server sends its emails. */
export interface MailConfig {
  url: string;
  /** Who at the business is told about each request. */
  to: string;
  /** The sender of every email, 'address' or 'Name <address>'. */
  from: string;
}

const Address = v.pipe(v.string(), v.rfcEmail());

/** 'quotes@example.com' or 'SE1 Plumbing & Heating <quotes@example.com>'. */
function isMailbox(value: string): boolean {
  const address = /^[^<>\r\n]*<([^<>]+)>$/.exec(value.trim())?.[1] ?? value.trim();
  return v.is(Address, address);
}

const SmtpUrl = v.pipe(
  v.string(),
  v.url('SMTP_URL must be a URL like smtp://user:password@host:587'),
  v.regex(/^smtps?:\/\//i, 'SMTP_URL must start with smtp:// or smtps://'),
);
const NotifyTo = v.pipe(
  v.string('NOTIFY_TO must be set when SMTP_URL is'),
  v.rfcEmail('NOTIFY_TO must be an email address'),
);
const MailFrom = v.pipe(
  v.string('MAIL_FROM must be set when SMTP_URL is'),
  v.check(isMailbox, 'MAIL_FROM must be an email address, or Name <address>'),
);

/**
 * The mail settings from the environment: undefined when SMTP_URL is unset (no emails are sent),
 * else all three, or an Error naming each variable that is missing or wrong. An empty variable
 * counts as unset. The messages never repeat SMTP_URL, which holds a password.
 */
export function parseMailConfig(env: Record<string, string | undefined>): MailConfig | undefined {
  const set = (name: string) => (env[name] === '' ? undefined : env[name]);
  const url = set('SMTP_URL');
  if (url === undefined) return undefined;
  const results = [v.safeParse(SmtpUrl, url), v.safeParse(NotifyTo, set('NOTIFY_TO')), v.safeParse(MailFrom, set('MAIL_FROM'))] as const;
  const [parsedUrl, to, from] = results;
  if (parsedUrl.success && to.success && from.success) {
    return { url: parsedUrl.output, to: to.output, from: from.output.trim() };
  }
  const problems = results.flatMap((result) => (result.success ? [] : result.issues.map((issue) => issue.message)));
  throw new Error(`Invalid mail configuration: ${problems.join('; ')}`);
}
