import { business, describeMinutes, responsePromise } from './business';

/** "in 40 seconds", "in about a minute", "in 15 minutes". */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `in ${Math.max(1, Math.ceil(seconds))} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? 'in about a minute' : `in ${minutes} minutes`;
}

/**
 * Every text the specification fixes word for word, in one place. Components render these and the
 * tests assert them; nothing else spells them out.
 */
export const copy = {
  header: {
    availability: `Available ${business.openDays}`,
    getQuote: 'Get Quote',
    callNow: 'Call Now',
  },
  hero: {
    headline: 'Professional Plumbing & Heating Services in SE1',
    emergencyCall: 'Emergency Call',
    getFreeQuote: 'Get Free Quote',
    highlights: [
      { title: `${business.emergencyHours} Emergency`, text: 'Our emergency line never closes' },
      { title: 'Fully Insured', text: 'Licensed and certified professionals' },
      { title: 'Expert Service', text: 'Years of experience in SE1' },
      { title: 'Quick Response', text: 'Fast arrival times guaranteed' },
    ],
  },
  services: {
    title: 'Our Professional Services',
    cards: [
      {
        title: 'Emergency Plumbing',
        description: 'A burst pipe or a leak you cannot stop does not wait for Monday, and neither do we.',
        features: ['Burst pipe repair', 'Leak detection', 'Emergency call-outs', 'Weekend service'],
      },
      {
        title: 'Heating Services',
        description: 'Boilers and central heating repaired and serviced, so the house stays warm all winter.',
        features: ['Boiler repair', 'Central heating', 'Radiator service', 'Annual service'],
      },
      {
        title: 'Bathroom Plumbing',
        description: 'From a dripping tap to a new shower or a whole bathroom, fitted neatly and tested.',
        features: ['Shower installation', 'Toilet repairs', 'Tap replacement', 'Bathroom fitting'],
      },
      {
        title: 'General Repairs',
        description: 'The everyday jobs done properly: pipes, drains and taps that work as they should.',
        features: ['Pipe repairs', 'Drain cleaning', 'Tap repairs', 'Preventive maintenance'],
      },
      {
        title: 'Power Flushing',
        description: 'Sludge flushed out of the system so radiators heat evenly and the boiler works less.',
        features: ['System cleaning', 'Efficiency boost', 'Radiator flushing', 'Heating optimization'],
      },
      {
        title: 'Maintenance',
        description: 'Regular checks that catch small problems before they become emergencies.',
        features: ['Annual checks', 'Preventive care', 'System optimization', 'Safety inspections'],
      },
    ],
  },
  quoteSection: {
    formTitle: 'Request a Quote',
    whyChooseUs: 'Why Choose Us?',
    serviceArea: business.serviceArea,
  },
  submit: {
    standard: 'Get Free Quote',
    urgent: 'Request Emergency Service',
  },
  toasts: {
    missingInformation: { title: 'Missing Information', description: 'Please fill in all required fields' },
    submissionFailed: {
      title: 'Submission Failed',
      description: 'There was an error submitting your quote. Please try again or call us directly.',
    },
    submitted: {
      title: 'Quote Request Submitted!',
      description: `We'll contact you within ${describeMinutes(responsePromise.urgentMinutes)} for urgent requests, or within ${describeMinutes(responsePromise.standardMinutes)} for standard quotes.`,
    },
    listFailed: { title: 'Error', description: 'Failed to fetch quote requests' },
    rateLimited: (retryAfterSeconds: number) => ({
      title: 'Please Wait a Moment',
      description: `We have had a lot of requests from your connection. Please try again ${describeWait(retryAfterSeconds)}, or call us on ${business.phone.display}.`,
    }),
  },
  quotes: {
    heading: 'Quote Requests',
    refresh: 'Refresh',
    empty: 'No quote requests yet.',
    urgentBadge: 'URGENT',
  },
  notFound: { text: 'Oops! Page not found' },
  errorScreen: { title: 'Unexpected Application Error!' },
  footer: {
    services: [
      'Emergency plumbing',
      'Heating and boiler repairs',
      'Bathroom installations',
      'Drain cleaning',
      'Pipe repairs',
      'Power flushing',
      'Preventive maintenance',
    ],
    copyrightYear: 2024,
  },
  quoteDelete: {
    button: 'Delete',
    /** The button's accessible name: which request it deletes, starting with the word it shows. */
    label: (name: string) => `Delete request from ${name}`,
    confirm: (name: string) => `Delete the request from ${name}? It will be removed for good and cannot be brought back.`,
    deleted: (name: string) => ({ title: 'Request Deleted', description: `The request from ${name} has been deleted.` }),
    alreadyDeleted: { title: 'Already Deleted', description: 'That request had already been deleted.' },
    failed: {
      title: 'Could not delete the request',
      description: 'Something went wrong, so the request is still stored. Please try again in a moment.',
    },
  },
  privacy: {
    title: 'Privacy Notice',
    footerLink: 'Privacy',
    formNote: 'We use your details only to reply to your request.',
    formNoteLink: 'Privacy notice',
  },
  accessibility: {
    title: 'Accessibility Statement',
    footerLink: 'Accessibility',
  },
} as const;
