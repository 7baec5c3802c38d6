import { business } from '../business';

/** Every text of the review emails and of the pages their links open. */
export const reviewCopy = {
  subject: `How did we do? A review for ${business.name}`,
  reminderSubject: `A quick reminder from ${business.name}`,
  thanks: (service: string) => `Thank you for choosing ${business.name} for your ${service.toLowerCase()}. We hope everything is working as it should.`,
  ask: 'If you have a minute, would you tell others how we did? An honest review, good or bad, helps neighbours choose, and helps us do better.',
  reminder: 'A week ago we asked whether you would review the work we did for you. If you have a minute, we would be glad to hear how we did, whatever you have to say.',
  leaveReview: 'Leave us a review',
  noMore: 'This is the only reminder: we will not ask again.',
  stopLine: 'Would rather not get emails like this?',
  stop: 'Stop review emails',
  /** The page "Stop review emails" opens, and what it says once done. */
  stopPage: {
    title: 'Stop review emails',
    lead: `${business.name} will not ask this address for a review again. Nothing else changes: we still call back about any request you send.`,
    confirm: 'Stop review emails',
    doneTitle: 'Review emails stopped',
    done: `${business.name} will not ask this address for a review again.`,
    notFound: 'This link is not one we know. If you copied it from an email, check it is whole.',
  },
  /** On the customer's own page, once the job is done. */
  customerPage: {
    heading: 'Leave us a review',
    lead: 'The job is done. If you have a minute, tell others how we did: honest reviews, good or bad, help neighbours choose.',
  },
} as const;
