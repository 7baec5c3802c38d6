import * as v from 'valibot';
import type { ErasedCustomerData } from '../../domain/customer-data/customer-data';

/** Where staff find and erase a customer's data (UK GDPR access and erasure). */
export const customerDataPath = '/api/customer-data';

const CountSchema = v.pipe(v.number(), v.integer(), v.minValue(0));

/** What an erasure answers: how many of each thing went, in words too, and what it could not reach. */
export const WireErasureSchema = v.object({
  erased: v.object({ requests: CountSchema, steps: CountSchema, emails: CountSchema, alerts: CountSchema }),
  message: v.string(),
  emails_already_sent: v.string(),
});
export type WireErasure = v.InferOutput<typeof WireErasureSchema>;

export function toWireErased(erased: ErasedCustomerData): WireErasure['erased'] {
  return { requests: erased.requests, steps: erased.steps, emails: erased.emails, alerts: erased.alerts };
}

export function fromWireErased(wire: WireErasure['erased']): ErasedCustomerData {
  return { requests: wire.requests, steps: wire.steps, emails: wire.emails, alerts: wire.alerts };
}
