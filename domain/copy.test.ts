import { expect, test } from 'vitest';
import { business, describeMinutes, responsePromise } from './business';
import { copy } from './copy';
import { serviceTypeLabels } from './quote/service-type';

// Every text below is copied word for word from SPEC.md; a change here is a change to the spec.

test('toasts', () => {
  expect(copy.toasts).toMatchObject({
    missingInformation: { title: 'Missing Information', description: 'Please fill in all required fields' },
    submissionFailed: {
      title: 'Submission Failed',
      description: 'There was an error submitting your quote. Please try again or call us directly.',
    },
    submitted: {
      title: 'Quote Request Submitted!',
      description: "We'll contact you within 30 minutes for urgent requests, or within 2 hours for standard quotes.",
    },
    listFailed: { title: 'Error', description: 'Failed to fetch quote requests' },
  });
});

test('header', () => {
  expect(copy.header).toMatchObject({ availability: 'Available 7 Days a Week', getQuote: 'Get Quote', callNow: 'Call Now' });
});

test('hero', () => {
  expect(copy.hero).toMatchObject({
    headline: 'Professional Plumbing & Heating Services in SE1',
    emergencyCall: 'Emergency Call',
    getFreeQuote: 'Get Free Quote',
  });
});

test('services, quote section and submit button', () => {
  expect(copy.services.title).toBe('Our Professional Services');
  expect(copy.quoteSection).toMatchObject({
    formTitle: 'Request a Quote',
    whyChooseUs: 'Why Choose Us?',
    serviceArea: 'SE1 and surrounding areas',
  });
  expect(copy.submit).toMatchObject({ standard: 'Get Free Quote', urgent: 'Request Emergency Service' });
});

test('quote requests page', () => {
  expect(copy.quotes).toMatchObject({
    heading: 'Quote Requests',
    refresh: 'Refresh',
    empty: 'No quote requests yet.',
    urgentBadge: 'URGENT',
  });
});

test('not found page, error screen and footer', () => {
  expect(copy.notFound.text).toBe('Oops! Page not found');
  expect(copy.errorScreen.title).toBe('Unexpected Application Error!');
  expect(copy.footer.copyrightYear).toBe(2024);
});

test('service type labels', () => {
  expect(serviceTypeLabels).toEqual({
    emergency: 'Emergency Plumbing',
    heating: 'Heating Services',
    bathroom: 'Bathroom Installation',
    general: 'General Repairs',
    maintenance: 'Maintenance',
    other: 'Other',
  });
});

test('business defaults left open by the spec', () => {
  expect(business.name).toBe('SE1 Plumbing & Heating');
  expect(business.phone).toEqual({ display: '020 7946 0123', tel: '+442079460123' });
  expect(business.serviceArea).toBe('SE1 and surrounding areas');
});

test('response promise: 30 minutes when urgent, 2 hours otherwise', () => {
  expect(responsePromise).toEqual({ urgentMinutes: 30, standardMinutes: 120 });
});

test.each([
  [30, '30 minutes'],
  [60, '1 hour'],
  [120, '2 hours'],
  [1, '1 minute'],
  [90, '90 minutes'],
])('describeMinutes(%i) is %j', (minutes, text) => {
  expect(describeMinutes(minutes)).toBe(text);
});
