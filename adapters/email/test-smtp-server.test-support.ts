import PostalMime, { type Address } from 'postal-mime';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/** One email as the test server received it, parsed from the raw message. */
export interface ParsedEmail {
  /** Who the client said it was sending for, and to, in SMTP's MAIL FROM and RCPT TO. */
  envelope: { from: string; to: readonly string[] };
  subject: string;
  from: { name: string; address: string } | undefined;
  to: readonly string[];
  replyTo: readonly string[];
  text: string;
  html: string;
  /** Every header, names lower-cased, in order: for checking that nothing was added. */
  headers: readonly { key: string; value: string }[];
}

/** A real SMTP server on loopback that keeps every email it accepts. */
export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port> (with the credentials, when the server requires them). */
  url: string;
  port: number;
  /** Every email accepted so far, oldest first; it survives a stop and restart. */
  messages: readonly ParsedEmail[];
  /** Resolves with the messages once there are `count`, rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<readonly ParsedEmail[]>;
  /** Stops listening, as a mail server that is down; sends then fail with "connection refused". */
  stop(): Promise<void>;
  /** Listens again on the same port, as a mail server that is back. */
  restart(): Promise<void>;
  /**
   * Holds every email from now on once its data is in, neither keeping it nor answering: as a mail
   * server that is slow to say it took them, so the sender is still sending.
   */
  hold(): void;
  /** How many emails are held. */
  readonly held: number;
  /** Keeps every held email and answers 250 for it, and holds no more. */
  release(): void;
  /** Refuses every held email with 451 (its sender may try again), and holds no more. */
  discardHeld(): void;
}

interface Options {
  /** 0 (the default) for any free port. */
  port?: number;
  /** When set, AUTH with exactly these is required (over plain text: it is loopback). */
  auth?: { user: string; pass: string };
  /** Recipients answered with 550, as a server refuses an unknown mailbox. */
  refuse?: readonly string[];
}

const addresses = (list: readonly Address[] | undefined): string[] =>
  (list ?? []).flatMap((entry) => (entry.address === undefined ? entry.group.map((m) => m.address) : [entry.address]));

async function parse(raw: Buffer, session: SMTPServerSession): Promise<ParsedEmail> {
  const email = await PostalMime.parse(raw);
  const { mailFrom, rcptTo } = session.envelope;
  return {
    envelope: { from: mailFrom === false ? '' : mailFrom.address, to: rcptTo.map((rcpt) => rcpt.address) },
    subject: email.subject ?? '',
    from: email.from?.address === undefined ? undefined : { name: email.from.name, address: email.from.address },
    to: addresses(email.to),
    replyTo: addresses(email.replyTo),
    text: email.text ?? '',
    html: email.html ?? '',
    headers: email.headers.map(({ key, value }) => ({ key, value })),
  };
}

/**
 * Starts an SMTP server on 127.0.0.1 that accepts mail without TLS and parses what it receives.
 * Stop it at the end of the test; stop and restart it to simulate an outage.
 */
export async function startTestSmtpServer(options: Options = {}): Promise<TestSmtpServer> {
  const messages: ParsedEmail[] = [];
  const waiters = new Set<() => void>();
  const refused = new Set((options.refuse ?? []).map((address) => address.toLowerCase()));
  let holding = false;
  const heldEmails: { keep: () => void; refuse: () => void }[] = [];

  const create = () =>
    new SMTPServer({
      secure: false,
      // No TLS: the client would otherwise upgrade to the built-in test certificate and reject it.
      disabledCommands: options.auth === undefined ? ['STARTTLS', 'AUTH'] : ['STARTTLS'],
      authOptional: options.auth === undefined,
      allowInsecureAuth: true,
      logger: false,
      // Stop at once rather than wait up to 30 seconds for a client to hang up.
      closeTimeout: 100,
      onAuth(auth, _session, callback) {
        const expected = options.auth;
        if (expected !== undefined && auth.username === expected.user && auth.password === expected.pass) callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
      onRcptTo(address, _session, callback) {
        if (refused.has(address.address.toLowerCase())) {
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        } else {
          callback();
        }
      },
      onData(stream: SMTPServerDataStream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const keep = () => keepEmail(Buffer.concat(chunks), session, callback);
          if (holding) heldEmails.push({ keep, refuse: () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })) });
          else keep();
        });
      },
    });

  const keepEmail = (raw: Buffer, session: SMTPServerSession, callback: (error?: Error | null) => void) => {
    // Stored before the 250 reply, so a send that resolved has its email in `messages`.
    parse(raw, session).then(
      (email) => {
        messages.push(email);
        for (const wake of waiters) wake();
        callback();
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  };

  const listen = (server: SMTPServer, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.server.address();
        if (address !== null && typeof address === 'object') resolve(address.port);
        else reject(new Error(`The test SMTP server listens at ${String(address)}, not on a port`));
      });
    });

  let server: SMTPServer | undefined = create();
  const port = await listen(server, options.port ?? 0);
  const credentials = options.auth === undefined ? '' : `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@`;

  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    port,
    get messages() {
      return [...messages];
    },
    waitFor(count, timeoutMs = 2_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve([...messages]);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`Expected ${count} emails within ${timeoutMs} ms, got ${messages.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    stop() {
      const running = server;
      server = undefined;
      return new Promise((resolve) => {
        if (running === undefined) resolve();
        else running.close(resolve);
      });
    },
    async restart() {
      if (server !== undefined) return;
      const fresh = create();
      await listen(fresh, port);
      server = fresh;
    },
    hold() {
      holding = true;
    },
    get held() {
      return heldEmails.length;
    },
    release() {
      holding = false;
      for (const email of heldEmails.splice(0)) email.keep();
    },
    discardHeld() {
      holding = false;
      for (const email of heldEmails.splice(0)) email.refuse();
    },
  };
}
