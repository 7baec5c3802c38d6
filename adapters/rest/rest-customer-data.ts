import type { KyInstance } from 'ky';
import { type CustomerData, type CustomerSubject, type ErasedCustomerData } from '../../domain/customer-data/customer-data';
import { parseCustomerDataDocument } from '../../domain/customer-data/customer-data-export';
import type { CustomerDataStore } from '../../domain/ports/customer-data-store';
import { customerDataPath, fromWireErased, WireErasureSchema } from '../http-api/customer-data-wire';
import { staffCall } from './rest-failure';
import { createApiClient, readRetry, type RestClientOptions } from './rest-client';

const subjectParams = (subject: CustomerSubject) => ({
  ...(subject.email !== null && { email: subject.email }),
  ...(subject.phone !== null && { phone: subject.phone }),
});

/**
 * A customer's data on our own server (adapters/server/customer-data/customer-data-api.ts): the JSON document it
 * answers is the one staff download, read back here. An erasure is never tried again on its own: a
 * lost answer is checked by looking again.
 */
export class RestCustomerData implements CustomerDataStore {
  readonly #api: KyInstance;
  readonly #timeoutMs: number;

  constructor(options: RestClientOptions = {}) {
    ({ api: this.#api, timeoutMs: this.#timeoutMs } = createApiClient(options));
  }

  /** `GET /api/customer-data?email=…&phone=…`. */
  async findCustomerData(subject: CustomerSubject): Promise<CustomerData> {
    const action = 'Finding a customer’s data';
    const json = await staffCall(action, this.#timeoutMs, () => this.#api.get(customerDataPath, { searchParams: subjectParams(subject), retry: readRetry }).json());
    const data = parseCustomerDataDocument(json);
    if (data === undefined) throw new Error(`${action} failed: the server's answer is not what the API promises`);
    return data;
  }

  /** `DELETE /api/customer-data`, confirmed with the subject's own email or phone number (checked before this is called). */
  async eraseCustomerData(subject: CustomerSubject): Promise<ErasedCustomerData> {
    const answer = await staffCall('Erasing a customer’s data', this.#timeoutMs, () =>
      this.#api
        .delete(customerDataPath, { json: { ...subjectParams(subject), confirm: subject.email ?? subject.phone ?? '' }, retry: 0 })
        .json(WireErasureSchema),
    );
    return fromWireErased(answer.erased);
  }
}
