import type { Server as HttpServer } from 'node:http';
import type { Socket } from 'node:net';
import type { LaneAnswer, StaticLane } from './static-lane';

/** The most of a request's head the door reads itself; a longer one is Node's HTTP server's to judge. */
const maxHeadBytes = 8 * 1024;

/** How long a connection may stay open with nothing asked after an answer, as Node's HTTP server keeps one (its default). */
const keepAliveMs = 5_000;

/**
 * How long a new connection may say nothing before it goes to Node's server, whose timeouts for a
 * request's head then apply (a client that opens connections and sends nothing is cut off there).
 */
const firstRequestMs = 1_000;

const reasons: Record<LaneAnswer['status'], string> = { 200: 'OK', 304: 'Not Modified', 404: 'Not Found' };

/** The end of a request's head. */
const headEnd = Buffer.from('\r\n\r\n');

/**
 * A request line the door answers: GET or HEAD of an origin-form target, over HTTP/1.1. Anything else
 * (HTTP/1.0, another method, an absolute or odd target) goes to Node's server.
 */
const requestLine = /^(GET|HEAD) (\/[!-~]*) HTTP\/1\.1$/;
/** A header line of tokens and visible text, with no folding; and the names that would need a body read or a connection changed. */
const headerLine = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*([!-~](?:[ \t]*[!-~])*)?[ \t]*$/;
const notForTheDoor = new Set(['content-length', 'transfer-encoding', 'upgrade', 'expect', 'te', 'trailer']);

/**
 * A request's head read strictly: its method, target and headers by lower-case name; undefined for any
 * head the door does not read itself (a name sent twice, a header that asks for more than a plain
 * answer, a byte outside visible ASCII), which then goes to Node's server as it arrived.
 */
function readHead(head: string): { method: string; url: string; headers: Map<string, string> } | undefined {
  const lines = head.split('\r\n');
  const first = requestLine.exec(lines[0] ?? '');
  if (!first) return undefined;
  const headers = new Map<string, string>();
  for (let index = 1; index < lines.length; index += 1) {
    const line = headerLine.exec(lines[index] ?? '');
    if (!line) return undefined;
    const name = (line[1] ?? '').toLowerCase();
    const value = line[2] ?? '';
    if (headers.has(name) || notForTheDoor.has(name)) return undefined;
    // Browsers say "keep-alive", as the door keeps it; a connection to close or upgrade is Node's.
    if (name === 'connection' && value.toLowerCase() !== 'keep-alive') return undefined;
    headers.set(name, value);
  }
  return { method: first[1] ?? '', url: first[2] ?? '', headers };
}

/** The second it is now, by the clock the Date header is written from. */
const currentSecond = () => Math.floor(Date.now() / 1000);

/**
 * The answer's status line and headers, as Node's server writes them for a kept-alive connection,
 * followed by its body: one buffer to write, made once a second for each answer (its Date changes).
 */
const made = new WeakMap<readonly string[], { second: number; status: number; body: LaneAnswer['body']; bytes: Buffer }>();
function bytesOf(answer: LaneAnswer): Buffer {
  const second = currentSecond();
  const kept = made.get(answer.headers);
  if (kept?.second === second && kept.status === answer.status && kept.body === answer.body) return kept.bytes;
  const lines = [`HTTP/1.1 ${answer.status} ${reasons[answer.status]}`];
  for (let index = 0; index < answer.headers.length; index += 2) lines.push(`${answer.headers[index]}: ${answer.headers[index + 1]}`);
  lines.push(`Date: ${new Date(second * 1000).toUTCString()}`, 'Connection: keep-alive', `Keep-Alive: timeout=${keepAliveMs / 1000}`, '', '');
  const head = Buffer.from(lines.join('\r\n'), 'latin1');
  const bytes = answer.body ? Buffer.concat([head, answer.body]) : head;
  made.set(answer.headers, { second, status: answer.status, body: answer.body, bytes });
  return bytes;
}

export interface FrontDoor {
  /** Takes a new connection: answers what the lane takes, and gives the connection to `http` at the first request it does not. */
  take: (socket: Socket) => void;
  /** Closes the connections it holds that are not in the middle of an answer. */
  closeIdle: () => void;
}

/**
 * The connections' first reader, before Node's HTTP server: a request for one of the site's files,
 * whole in what has arrived, read strictly and alone, is answered here from the static lane, with the
 * same headers Node's server would add, and the connection is kept for the next. At the first request
 * it does not answer, or anything it does not read (a partial or pipelined head, a body, a header
 * sent twice, a connection to close), the connection goes to Node's server with every byte read from
 * it, and stays there: its parser, timeouts and limits then apply as to any connection. Node's
 * request and response objects cost more than sending the home page itself; here the busiest
 * answers are a write of bytes kept ready.
 */
export function frontDoor({ lane, http }: { lane: StaticLane; http: HttpServer }): FrontDoor {
  const idle = new Set<Socket>();

  const take = (socket: Socket) => {
    // Refused already (too many connections from one client).
    if (socket.writableEnded || socket.destroyed) return;
    let answering = false;
    let answered = 0;
    const handOff = (unread: Buffer | undefined) => {
      idle.delete(socket);
      socket.removeListener('data', onData);
      socket.removeListener('timeout', onTimeout);
      socket.removeListener('close', onClose);
      socket.removeListener('error', onError);
      socket.setTimeout(0);
      socket.pause();
      if (unread !== undefined) socket.unshift(unread);
      http.emit('connection', socket);
      // Node's server reads from here on, starting with what was put back: the stream gives it those
      // bytes before this turn of the event loop ends, and so before anything more is read off the network.
      process.nextTick(() => socket.resume());
    };
    // A connection that has said nothing yet goes to Node's server; one idle after an answer is closed, as Node closes it.
    const onTimeout = () => {
      if (answered === 0) handOff(undefined);
      else socket.destroy();
    };
    const onClose = () => idle.delete(socket);
    const onError = () => socket.destroy();
    const write = (answer: LaneAnswer) => {
      socket.write(bytesOf(answer));
      answer.logSent();
      answered += 1;
      socket.setTimeout(keepAliveMs);
      idle.add(socket);
      // Read on, for the next request: a client that asks without reading what it is sent, once it has.
      if (socket.writableNeedDrain) socket.once('drain', () => socket.resume());
      else socket.resume();
    };
    const onData = (chunk: Buffer) => {
      // One request at a time: what arrives while one is answered waits, in order, until it is sent.
      if (answering) {
        socket.pause();
        socket.unshift(chunk);
        return;
      }
      // A head split over reads, with a body after it, or more than one request in a read, is Node's.
      if (chunk.length > maxHeadBytes || chunk.indexOf(headEnd) !== chunk.length - headEnd.length) {
        handOff(chunk);
        return;
      }
      const head = readHead(chunk.toString('latin1', 0, chunk.length - headEnd.length));
      const answer = head && lane.answer({ method: head.method, url: head.url, header: (name) => head.headers.get(name) });
      if (answer === undefined) {
        handOff(chunk);
        return;
      }
      answering = true;
      idle.delete(socket);
      answer.then(
        (lanes) => {
          answering = false;
          if (socket.destroyed) return;
          if (lanes === undefined) handOff(chunk);
          else write(lanes);
        },
        () => {
          answering = false;
          // Nothing is written: Node's server answers it, as the app answers any failure.
          if (!socket.destroyed) handOff(chunk);
        },
      );
    };
    socket.setNoDelay(true);
    socket.setTimeout(firstRequestMs);
    socket.on('timeout', onTimeout);
    socket.on('close', onClose);
    socket.on('error', onError);
    socket.on('data', onData);
    idle.add(socket);
  };

  return {
    take,
    closeIdle: () => {
      for (const socket of idle) socket.destroy();
      idle.clear();
    },
  };
}
