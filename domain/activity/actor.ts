// Who took a step of a request's life: a staff member, by their email, or one of these two. Apart from
// activity.ts so that what only names them (the customer's link, the home page's form) loads no schema.

/** The customer, through their link. */
export const customerAuthor = 'customer';
/** The system: an email the outbox sent. */
export const systemAuthor = 'system';

/** Who took a step, as the timeline and the export tell it. */
export type ActorRole = 'staff' | 'customer' | 'system';

export const actorRole = (by: string): ActorRole => (by === customerAuthor ? 'customer' : by === systemAuthor ? 'system' : 'staff');
