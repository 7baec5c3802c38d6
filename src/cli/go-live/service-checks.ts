// What the go-live check asks of the services around the server: its public address through the proxy,
// the running server itself, and the mail server.
import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import { parseMailConfig, SmtpMailer } from '../../../adapters/email/smtp-mailer';
import type { ServerConfig } from '../../../adapters/server/server-config';
import { fail, type GoLiveItem, messageOf, pass, warn } from './go-live-item';

/** The public address: set, and https (the staff's sessions, push and the browsers' rules need it). */
export function siteUrlItem(config: Pick<ServerConfig, 'SITE_URL'>): GoLiveItem {
  const label = 'SITE_URL';
  const site = config.SITE_URL;
  if (site === undefined) return fail(label, "not set: set it to the site's public address, e.g. https://www.example.co.uk");
  const url = new URL(site);
  if (url.protocol !== 'https:') return fail(label, `${site} is not https: put the server behind a proxy that terminates TLS (Caddy, nginx) and set SITE_URL to its https:// address`);
  if (/^(localhost|127\.|\[::1\])/.test(url.hostname)) return warn(label, `${site} names this machine, not the public site: set it to the address visitors use`);
  return pass(label, site);
}

const ReadyzAnswer = v.object({
  status: v.string(),
  reason: v.optional(v.string()),
  cause: v.optional(v.string()),
  probe: v.optional(v.object({ forwardedFor: v.boolean(), forwardedProto: v.nullable(v.string()), forwardedHost: v.boolean() })),
});

/** As much of fetch as the check uses: the global one, or one that trusts another certificate authority. */
export type CheckFetch = (url: string | URL, init: { signal: AbortSignal }) => Promise<{ ok: boolean; status: number; json: () => Promise<unknown> }>;

/** Where this machine reaches the server: its own address, or loopback when it listens on every address. */
function loopbackUrl(config: Pick<ServerConfig, 'HOST' | 'PORT'>): string {
  const host = ['0.0.0.0', '::', '[::]'].includes(config.HOST) ? '127.0.0.1' : config.HOST;
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${config.PORT}`;
}

/**
 * The running server, and whether TRUST_PROXY fits what reaches it: a probe sent through SITE_URL,
 * then the server asked on loopback which forwarding headers that probe carried.
 */
export async function serverItems(config: Pick<ServerConfig, 'HOST' | 'PORT' | 'SITE_URL' | 'TRUST_PROXY'>, fetch: CheckFetch): Promise<GoLiveItem[]> {
  const server = loopbackUrl(config);
  const token = randomBytes(24).toString('base64url');
  const through = config.SITE_URL === undefined ? undefined : await fetch(new URL(`/healthz?probe=${token}`, config.SITE_URL), { signal: AbortSignal.timeout(10_000) }).then(
    (response) => (response.ok ? undefined : `answered ${response.status}`),
    (error: unknown) => `did not answer (${rootMessage(error)})`,
  );
  let answer: v.InferOutput<typeof ReadyzAnswer>;
  try {
    const response = await fetch(`${server}/readyz?probe=${token}`, { signal: AbortSignal.timeout(10_000) });
    answer = v.parse(ReadyzAnswer, await response.json());
  } catch (error) {
    return [fail('Server', `nothing answers at ${server} (${rootMessage(error)}): start the service, and run the check with its environment (HOST, PORT)`)];
  }
  const serverItem =
    answer.status === 'ready' ? pass('Server', `ready at ${server}`) : fail('Server', `not ready at ${server}: ${answer.reason ?? 'unavailable'}${answer.cause ? ` (${answer.cause})` : ''}`);
  return [serverItem, proxyItem(config, through, answer.probe)];
}

/** fetch's "fetch failed" says nothing: its cause says what (ECONNREFUSED, a certificate refused). */
const rootMessage = (error: unknown) => messageOf(error instanceof Error && error.cause !== undefined ? error.cause : error);

type Sighting = v.InferOutput<typeof ReadyzAnswer>['probe'];

function proxyItem(config: Pick<ServerConfig, 'SITE_URL' | 'TRUST_PROXY'>, through: string | undefined, seen: Sighting): GoLiveItem {
  const label = 'TRUST_PROXY';
  if (config.SITE_URL === undefined) return fail(label, 'cannot tell without SITE_URL');
  if (through !== undefined) return fail(label, `cannot tell: ${config.SITE_URL}/healthz ${through}. Check the proxy, DNS and the firewall`);
  if (seen === undefined) return warn(label, `cannot tell: the request through ${config.SITE_URL} reached another server, not this one. Run the check on each server`);
  const forwarded = seen.forwardedFor;
  if (config.TRUST_PROXY && !forwarded) {
    return fail(label, 'true, but requests reach the server without X-Forwarded-For: set TRUST_PROXY=false, or have the proxy send X-Forwarded-For, -Proto and -Host');
  }
  if (!config.TRUST_PROXY && forwarded) {
    return fail(label, 'false, but a proxy sends X-Forwarded-For: every visitor counts as one client (one rate limit). Set TRUST_PROXY=true');
  }
  if (config.TRUST_PROXY && seen.forwardedProto !== 'https') {
    return fail(label, `true, but the proxy sends X-Forwarded-Proto ${seen.forwardedProto ?? '(none)'}, not https: staff sessions need it. Have the proxy set it`);
  }
  return pass(label, config.TRUST_PROXY ? `true, and the proxy sends X-Forwarded-For and X-Forwarded-Proto https` : 'false, and no proxy adds forwarding headers');
}

/** The mail server takes our sign-in; with `sendTest`, a test email is handed to it for NOTIFY_TO. */
export async function emailItems(env: Readonly<Record<string, string | undefined>>, { sendTest, siteName }: { sendTest: boolean; siteName: string }): Promise<GoLiveItem[]> {
  const label = 'Email (SMTP)';
  let mail: ReturnType<typeof parseMailConfig>;
  try {
    mail = parseMailConfig(env);
  } catch (error) {
    return [fail(label, messageOf(error))];
  }
  if (mail === undefined) return [fail(label, 'SMTP_URL is not set: every email waits in the outbox. Set SMTP_URL, NOTIFY_TO and MAIL_FROM (docs/deploy.md#7-email)')];
  const server = new URL(mail.url);
  const mailer = new SmtpMailer({ url: mail.url, from: mail.from });
  try {
    await mailer.verify();
    const items = [pass(label, `${server.hostname}:${server.port || (server.protocol === 'smtps:' ? 465 : 587)} greets us and takes our sign-in`)];
    if (!sendTest) return items;
    try {
      await mailer.send({
        to: mail.to,
        subject: `Test email from ${siteName}'s go-live check`,
        text: `This email was sent by npm run check -- --send-test. If you read it, emails about new quote requests reach ${mail.to}.`,
        html: `<p>This email was sent by <code>npm run check -- --send-test</code>. If you read it, emails about new quote requests reach ${mail.to}.</p>`,
      });
      return [...items, pass('Test email', `the mail server took one for ${mail.to}: check that it arrived, and not in spam`)];
    } catch (error) {
      return [...items, fail('Test email', `${messageOf(error)}: check NOTIFY_TO and MAIL_FROM (the mail server may refuse a sender it does not know)`)];
    }
  } catch (error) {
    return [fail(label, `${messageOf(error)}: check SMTP_URL's host, port, user and password`)];
  } finally {
    mailer.close();
  }
}
