import * as v from 'valibot';
import { type PhotoError, photoErrorMessage, photoFieldName, photoLimits } from '../../domain/photos/photos';
import { type ChosenPhoto, PhotoRejected, type QuoteWithPhotosSender } from '../../domain/ports/photos';
import { type NewlyStored } from '../../domain/ports/quote-repository';
import { type NewQuote, toNamedFields } from '../../domain/quote/quote';
import { QuoteRejected } from '../../domain/quote/quote-rejected';
import { RateLimited } from '../../domain/quote/rate-limited';
import type { Arrival } from '../../domain/spam/spam';
import { apiPaths, checkedValue, fromWireError, fromWireStoredQuote, WireErrorSchema, WireStoredQuoteSchema } from '../http-api/wire';
import { arrivalFields } from './arrival-wire';

/** What the sender needs of XMLHttpRequest: the one browser API that reports an upload's progress. */
type Request = Pick<XMLHttpRequest, 'open' | 'setRequestHeader' | 'send' | 'status' | 'responseText' | 'getResponseHeader' | 'upload' | 'timeout'> &
  Pick<XMLHttpRequest, 'onload' | 'onerror' | 'ontimeout' | 'onabort'>;

export interface RestPhotoSenderOptions {
  /** Where the API lives; left out, the page's own origin. */
  baseUrl?: string;
  /** How long the whole upload may take before it is given up: photos on a slow phone line take a while. */
  timeoutMs?: number;
  /** Makes the request; the browser's XMLHttpRequest unless given. */
  createRequest?: () => Request;
  /**
   * Where the API runs in the page itself (the demo), nothing is uploaded: the post goes by this fetch
   * (the app's own handler), and the progress is whole once it is answered.
   */
  fetch?: typeof fetch;
}

interface Answer {
  status: number;
  body: unknown;
  retryAfter: string | null;
}

/** The request's fields and how it arrived, as a plain form post sends them, and the photos under `photos`. */
async function formDataOf(quote: NewQuote, photos: readonly ChosenPhoto[], arrival: Arrival | undefined): Promise<FormData> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...toNamedFields(quote), ...arrivalFields(arrival) })) {
    if (value === true) form.append(name, checkedValue);
    else if (typeof value === 'string') form.append(name, value);
  }
  for (const photo of photos) {
    const blob = photo instanceof Blob ? photo : new Blob([await photo.arrayBuffer()], { type: photo.type });
    form.append(photoFieldName, blob, photo.name);
  }
  return form;
}

/**
 * The photo a server's message is about. The server words it with photoErrorMessage, naming the file
 * as it was sent, so the error it describes is found again among the chosen files.
 */
function photoErrorOf(message: string, photos: readonly ChosenPhoto[]): PhotoError | undefined {
  const candidates: PhotoError[] = [
    { kind: 'too-many', count: photos.length },
    ...photos.flatMap(({ name: file }) =>
      (['too-large', 'not-an-image', 'cannot-decode', 'too-many-pixels'] as const).map((kind) => ({ kind, file })),
    ),
  ];
  return candidates.find((candidate) => photoErrorMessage(candidate) === message);
}

/**
 * Sends a request with its photos to our API as one `multipart/form-data` post, as the form does
 * without scripts, but asking for JSON: 201 with the stored request, or the API's error body. It goes
 * by XMLHttpRequest because fetch cannot report how much of an upload has gone.
 */
export class RestPhotoSender implements QuoteWithPhotosSender {
  readonly #url: string;
  readonly #timeoutMs: number;
  readonly #createRequest: () => Request;
  readonly #fetch: typeof fetch | undefined;

  constructor({ baseUrl = '', timeoutMs = 5 * 60_000, createRequest = () => new XMLHttpRequest(), fetch }: RestPhotoSenderOptions = {}) {
    this.#url = `${baseUrl.replace(/\/+$/, '')}${apiPaths.quoteRequests}`;
    this.#timeoutMs = timeoutMs;
    this.#createRequest = createRequest;
    this.#fetch = fetch;
  }

  async send(quote: NewQuote, photos: readonly ChosenPhoto[], onProgress: (fraction: number) => void, arrival?: Arrival): Promise<NewlyStored> {
    const answer = await this.#post(await formDataOf(quote, photos, arrival), onProgress);
    if (answer.status === 201) {
      const stored = v.safeParse(WireStoredQuoteSchema, answer.body);
      if (!stored.success) throw new Error("Storing the quote request with photos failed: the server's answer is not what the API promises");
      onProgress(1);
      return fromWireStoredQuote(stored.output);
    }
    throw this.#refusal(answer, photos);
  }

  #refusal({ status, body, retryAfter }: Answer, photos: readonly ChosenPhoto[]): Error {
    const error = v.safeParse(WireErrorSchema, body);
    if (status === 429) {
      const seconds = Number(retryAfter);
      return new RateLimited(Number.isFinite(seconds) && seconds > 0 ? seconds : 60);
    }
    if (status === 400 && error.success) {
      const aboutPhotos = error.output.fields?.find(({ field }) => field === photoFieldName);
      const photoError = aboutPhotos && photoErrorOf(aboutPhotos.message, photos);
      if (photoError) return new PhotoRejected(photoError);
      const reason = fromWireError(error.output);
      if (reason.kind === 'missing-fields' || reason.kind === 'invalid-fields') return new QuoteRejected(reason);
    }
    if (status === 413) {
      // The whole post was too big for the server: a file over the limit, as the form checks before sending.
      const largest = [...photos].sort((a, b) => b.size - a.size)[0];
      if (largest && largest.size > photoLimits.maxBytes) return new PhotoRejected({ kind: 'too-large', file: largest.name });
    }
    const detail = error.success ? ` (${error.output.error}: ${error.output.message})` : '';
    return new Error(`Storing the quote request with photos failed: the server answered ${String(status)}${detail}`);
  }

  async #post(body: FormData, onProgress: (fraction: number) => void): Promise<Answer> {
    if (this.#fetch) {
      const response = await this.#fetch(new URL(this.#url, globalThis.location.href), { method: 'POST', headers: { accept: 'application/json' }, body });
      const parsed: unknown = await response.json().catch(() => undefined);
      return { status: response.status, body: parsed, retryAfter: response.headers.get('retry-after') };
    }
    return new Promise((resolve, reject) => {
      const request = this.#createRequest();
      request.open('POST', this.#url);
      request.setRequestHeader('Accept', 'application/json');
      request.timeout = this.#timeoutMs;
      request.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
      };
      request.onload = () => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(request.responseText);
        } catch {
          parsed = undefined;
        }
        resolve({ status: request.status, body: parsed, retryAfter: request.getResponseHeader('Retry-After') });
      };
      request.onerror = () => reject(new Error('Storing the quote request with photos failed: the server could not be reached'));
      request.ontimeout = () => reject(new Error(`Storing the quote request with photos failed: the upload did not finish within ${String(this.#timeoutMs)} ms`));
      request.onabort = () => reject(new Error('Storing the quote request with photos failed: the upload was stopped'));
      request.send(body);
    });
  }
}
