import type { IncomingMessage, ServerResponse } from 'node:http';
import { loggedPath, type RequestLogEntry } from '../http/request-log';
import { forwardedScheme } from '../http/request-origin';
import { hostnameOf } from '../http/site-host';
import type { FileAnswer, StaticFiles } from './static-files';

export interface StaticLaneOptions {
  site: StaticFiles;
  writeLog: (entry: RequestLogEntry) => void;
  /** Whether X-Forwarded-Proto and -Host are our own proxy's word (TRUST_PROXY). */
  trustProxy: boolean;
  /** The site's public address (SITE_URL): requests for any other host are left to the app, which refuses them. */
  siteUrl?: string;
  /** The security headers every answer carries, over plain HTTP and over HTTPS, as name and value pairs. */
  securityHeaders: { overHttp: readonly (readonly [string, string])[]; overHttps: readonly (readonly [string, string])[] };
}

/** A request as the lane reads it: its method, its target as sent, and its headers by lower-case name. */
interface PlainRequest {
  method: string;
  url: string;
  header: (name: string) => string | undefined;
}

/** The lane's answer: the file's, with the security headers after its own, and the line to log once it is sent. */
export interface LaneAnswer {
  status: FileAnswer['status'];
  /** Name, value, name, value, ...: as Node's writeHead takes them (it never changes them). */
  headers: string[];
  body: FileAnswer['body'];
  logSent: () => void;
}

export interface StaticLane {
  /** The answer to a request for one of the site's files, or undefined when the request is the app's to answer. */
  answer: (request: PlainRequest) => Promise<LaneAnswer | undefined> | undefined;
  /** For Node's HTTP server: answers the request, or hands it on to the app with `next`. */
  serve: (request: IncomingMessage, response: ServerResponse, next: () => void) => void;
}

/**
 * A path the lane may look up as it is: no query, no escapes, no dot segments or doubled slashes.
 * Anything else is the app's to read as it reads any address.
 */
const plainPath = /^\/(?:[\w~-]+(?:\.[\w~-]+)*(?:\/[\w~-]+(?:\.[\w~-]+)*)*\/?)?$/;

/** A Host header as browsers send it: a name or IPv4 address with an optional port. Anything else is the app's to judge. */
const plainHost = /^([a-z0-9-]+(?:\.[a-z0-9-]+)*\.?)(?::\d{1,5})?$/i;

/**
 * Sends the built site's files and prerendered pages straight from memory, with the headers the app
 * would send and the same line in the request log, without building the app's request and response
 * objects: the pages every visitor asks for then cost little more than a file from nginx. It takes
 * only a GET or HEAD of a file or page the site has, at a plain path, addressed to the site's own
 * host; everything else (a query, another host, a forwarded host, a path to no file) goes to the app,
 * which answers as before. Tested side by side with the app on the same requests.
 */
export function staticLane({ site, writeLog, trustProxy, siteUrl, securityHeaders }: StaticLaneOptions): StaticLane {
  const siteHost = siteUrl === undefined ? undefined : hostnameOf(new URL(siteUrl).hostname);
  const flat = (pairs: readonly (readonly [string, string])[]) => pairs.flat();
  const overHttp = flat(securityHeaders.overHttp);
  const overHttps = flat(securityHeaders.overHttps);
  // Each answer's headers with the security headers after them, made once for each list of headers.
  const withSecurity = { http: new WeakMap<readonly string[], string[]>(), https: new WeakMap<readonly string[], string[]>() };
  const headersOf = (answer: FileAnswer, https: boolean) => {
    const made = withSecurity[https ? 'https' : 'http'];
    let headers = made.get(answer.headers);
    if (headers === undefined) {
      headers = [...answer.headers, ...(https ? overHttps : overHttp)];
      made.set(answer.headers, headers);
    }
    return headers;
  };

  /** Whether the lane may answer this request: a GET or HEAD of a file the site has, at a plain path, for our host. */
  const takes = ({ method, url, header }: PlainRequest): boolean => {
    if ((method !== 'GET' && method !== 'HEAD') || !plainPath.test(url) || !site.has(url)) return false;
    const host = plainHost.exec(header('host') ?? '');
    if (host === null || (trustProxy && header('x-forwarded-host') !== undefined)) return false;
    return siteHost === undefined || hostnameOf(host[1] ?? '') === siteHost;
  };

  const answer = (request: PlainRequest): Promise<LaneAnswer | undefined> | undefined => {
    if (!takes(request)) return undefined;
    const { method, url, header } = request;
    const https = trustProxy && forwardedScheme(header('x-forwarded-proto')) === 'https';
    const started = performance.now();
    return site.answer(url, { method, acceptEncoding: header('accept-encoding') ?? '', ifNoneMatch: header('if-none-match') ?? '' }).then(
      (file) =>
        file && {
          status: file.status,
          headers: headersOf(file, https),
          body: file.body,
          logSent: () => {
            writeLog({
              time: new Date().toISOString(),
              method,
              path: loggedPath(url),
              status: file.status,
              durationMs: Math.round((performance.now() - started) * 10) / 10,
            });
          },
        },
    );
  };

  const serve = (request: IncomingMessage, response: ServerResponse, next: () => void) => {
    const { headers } = request;
    const answering = answer({
      method: request.method ?? '',
      url: request.url ?? '',
      header: (name) => {
        const value = headers[name];
        return Array.isArray(value) ? value[0] : value;
      },
    });
    if (answering === undefined) {
      next();
      return;
    }
    const write = (answered: LaneAnswer | undefined) => {
      if (answered === undefined) {
        next();
        return;
      }
      response.writeHead(answered.status, answered.headers);
      response.end(answered.body ?? undefined);
      answered.logSent();
    };
    answering
      // A failure before anything is written is the app's to answer, as it answers any failure.
      .then(write, () => {
        next();
      })
      .catch((error: unknown) => response.destroy(error instanceof Error ? error : undefined));
  };

  return { answer, serve };
}
