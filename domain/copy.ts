import { business, describeMinutes, responsePromise } from './business';

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
  },
  services: { title: 'Our Professional Services' },
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
  },
  quotes: {
    heading: 'Quote Requests',
    refresh: 'Refresh',
    empty: 'No quote requests yet.',
    urgentBadge: 'URGENT',
  },
  notFound: { text: 'Oops! Page not found' },
  errorScreen: { title: 'Unexpected Application Error!' },
  footer: { copyrightYear: 2024 },
} as const;
