import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { InMemoryNotifier } from '../../../adapters/memory/in-memory-notifier';
import { InMemoryQuoteRepository } from '../../../adapters/memory/in-memory-quote-repository';
import type { QuoteRepository } from '../../../domain/ports/quote-repository';
import { RateLimited } from '../../../domain/quote/rate-limited';
import { recordingLogger, renderApp, storedQuotes, testBackend } from '../../test-app.test-support';
import { newCustomerToken } from '../../../domain/customer-link/customer-link';
import { sampleInboxQuote } from '../../../fixtures/sample-request.test-support';
import { customerLinksOver } from '../../app/backends/customer-links.test-support';

const unreachable: QuoteRepository = {
  insert: () => Promise.reject(new Error('database unreachable')),
  delete: () => Promise.reject(new Error('database unreachable')),
};

async function openForm(backend = testBackend()) {
  const app = renderApp({ backend });
  const form = await screen.findByRole('form', { name: 'Request a Quote' });
  const field = (name: string) => within(form).getByLabelText(name, { exact: false });
  return { ...app, form, field };
}

test('submitting with required fields empty shows the Missing Information toast and sends nothing', async () => {
  const quotes = new InMemoryQuoteRepository();
  const { user, form, field } = await openForm(testBackend({ store: quotes }));
  await user.type(field('Email'), 'sam@example.com');

  await user.click(within(form).getByRole('button', { name: 'Get Free Quote' }));

  const alert = screen.getByRole('alert');
  expect(await within(alert).findByText('Missing Information')).toBeTruthy();
  expect(within(alert).getByText('Please fill in all required fields')).toBeTruthy();
  expect(await storedQuotes(quotes)).toEqual([]);
  expect(field('Full name').getAttribute('aria-invalid')).toBe('true');
  expect(field('Phone number').getAttribute('aria-invalid')).toBe('true');
  expect(field('Service type').getAttribute('aria-invalid')).toBe('true');
  expect(document.activeElement).toBe(field('Full name'));
  expect((field('Email') as HTMLInputElement).value).toBe('sam@example.com');
});

test('a complete request is stored, the business is notified, the success toast shows and the form empties', async () => {
  const quotes = new InMemoryQuoteRepository();
  const notifier = new InMemoryNotifier();
  const { user, form, field } = await openForm(testBackend({ store: quotes, notifier }));

  await user.type(field('Full name'), '  Sam Carter ');
  await user.type(field('Phone number'), '07700 900111');
  await user.type(field('Email'), 'sam@example.com');
  await user.selectOptions(field('Service type'), 'Heating Services');
  await user.type(field('Describe the job'), 'Radiator in the hall is cold');
  await user.click(within(form).getByRole('button', { name: 'Get Free Quote' }));

  const status = await screen.findByText('Quote Request Submitted!');
  expect(status.closest('[role="status"]')).not.toBeNull();
  expect(
    screen.getByText("We'll contact you within 30 minutes for urgent requests, or within 2 hours for standard quotes."),
  ).toBeTruthy();
  const stored = await storedQuotes(quotes);
  expect(stored).toMatchObject([
    {
      name: 'Sam Carter',
      phone: '07700 900111',
      email: 'sam@example.com',
      serviceType: 'heating',
      description: 'Radiator in the hall is cold',
      urgent: false,
    },
  ]);
  expect(notifier.sent.map((quote) => quote.id)).toEqual(stored.map((quote) => quote.id));
  for (const label of ['Full name', 'Phone number', 'Email', 'Service type', 'Describe the job']) {
    expect((field(label) as HTMLInputElement).value).toBe('');
  }
  expect((field('This is an emergency') as HTMLInputElement).checked).toBe(false);
});

test('when storing fails the Submission Failed toast shows and every typed value is kept', async () => {
  const logger = recordingLogger();
  const { user, form, field } = await openForm(testBackend({ quotes: unreachable, logger }));

  await user.type(field('Full name'), 'Sam Carter');
  await user.type(field('Phone number'), '020 7946 0999');
  await user.type(field('Email'), 'sam@example.com');
  await user.selectOptions(field('Service type'), 'emergency');
  await user.type(field('Describe the job'), 'Leak under the sink');
  await user.click(field('This is an emergency'));
  await user.click(within(form).getByRole('button', { name: 'Request Emergency Service' }));

  const alert = await screen.findByRole('alert');
  expect(await within(alert).findByText('Submission Failed')).toBeTruthy();
  expect(
    within(alert).getByText('There was an error submitting your quote. Please try again or call us directly.'),
  ).toBeTruthy();
  expect((field('Full name') as HTMLInputElement).value).toBe('Sam Carter');
  expect((field('Phone number') as HTMLInputElement).value).toBe('020 7946 0999');
  expect((field('Email') as HTMLInputElement).value).toBe('sam@example.com');
  expect((field('Service type') as HTMLSelectElement).value).toBe('emergency');
  expect((field('Describe the job') as HTMLTextAreaElement).value).toBe('Leak under the sink');
  expect((field('This is an emergency') as HTMLInputElement).checked).toBe(true);
  expect(logger.messages).toEqual(['Storing a quote request failed']);
});

test('a failed notification still tells the visitor their request was received', async () => {
  const quotes = new InMemoryQuoteRepository();
  const notifier = { quoteSubmitted: () => Promise.reject(new Error('mail server down')) };
  const { user, form, field } = await openForm(testBackend({ store: quotes, notifier }));

  await user.type(field('Full name'), 'Sam Carter');
  await user.type(field('Phone number'), '07700 900111');
  await user.selectOptions(field('Service type'), 'general');
  await user.click(within(form).getByRole('button', { name: 'Get Free Quote' }));

  expect(await screen.findByText('Quote Request Submitted!')).toBeTruthy();
  expect(await storedQuotes(quotes)).toHaveLength(1);
});

test('a badly formed email is named beside its field, focused, and nothing is stored', async () => {
  const quotes = new InMemoryQuoteRepository();
  const { user, form, field } = await openForm(testBackend({ store: quotes }));

  await user.type(field('Full name'), 'Sam Carter');
  await user.type(field('Phone number'), '07700 900111');
  await user.type(field('Email'), 'sam@example');
  await user.selectOptions(field('Service type'), 'other');
  await user.click(within(form).getByRole('button', { name: 'Get Free Quote' }));

  const email = field('Email');
  expect(email.getAttribute('aria-invalid')).toBe('true');
  const messageId = email.getAttribute('aria-describedby') ?? '';
  expect(document.getElementById(messageId)?.textContent).toMatch(/email/i);
  expect(document.activeElement).toBe(email);
  expect(await storedQuotes(quotes)).toEqual([]);
});

test('one submit names every problem at once: beside each field, in a summary of links, with focus on the first', async () => {
  const quotes = new InMemoryQuoteRepository();
  const { user, form, field } = await openForm(testBackend({ store: quotes }));
  await user.type(field('Full name'), 'Jo');
  await user.type(field('Phone number'), '12');
  await user.type(field('Email'), 'not-an-email');

  await user.click(within(form).getByRole('button', { name: 'Get Free Quote' }));

  for (const label of ['Phone number', 'Email', 'Service type']) {
    const control = field(label);
    expect(control.getAttribute('aria-invalid'), label).toBe('true');
    const described = (control.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent).join(' ');
    expect(described, label).toMatch(/phone|email|service/i);
  }
  expect(field('Full name').getAttribute('aria-invalid')).toBe('false');
  expect(document.activeElement).toBe(field('Phone number'));
  expect(screen.getByText('Missing Information')).toBeTruthy();

  const summary = within(form).getByRole('region', { name: 'There is a problem' });
  expect(summary.parentElement?.getAttribute('aria-live')).toBe('polite');
  const links = within(summary).getAllByRole('link');
  expect(links.map((link) => link.getAttribute('href'))).toEqual(['#quote-phone', '#quote-email', '#quote-service-type']);
  await user.click(links[2] ?? summary);
  expect(document.activeElement).toBe(field('Service type'));
  expect(await storedQuotes(quotes)).toEqual([]);
});

test('bad values with every required field filled are named together, without the Missing Information toast', async () => {
  const { user, form, field } = await openForm();
  await user.type(field('Full name'), 'Jo');
  await user.type(field('Phone number'), '12');
  await user.type(field('Email'), 'not-an-email');
  await user.selectOptions(field('Service type'), 'general');

  await user.click(within(form).getByRole('button', { name: 'Get Free Quote' }));

  expect(field('Phone number').getAttribute('aria-invalid')).toBe('true');
  expect(field('Email').getAttribute('aria-invalid')).toBe('true');
  expect(within(within(form).getByRole('region', { name: 'There is a problem' })).getAllByRole('link')).toHaveLength(2);
  expect(screen.queryByText('Missing Information')).toBeNull();
});

test.each([
  [false, '2026-03-10T16:40:00Z', "We'll call you by 18:40, or the next morning if it's late"],
  [true, '2026-03-10T15:40:00Z', "We'll call you by 16:10"],
  // Summer: London is an hour ahead of UTC.
  [true, '2026-07-01T15:40:00Z', "We'll call you by 17:10"],
])('the thanks say when we will call this request (urgent %s, received %s), after the spec\'s text and before the link', async (urgent, at, line) => {
  const quotes = new InMemoryQuoteRepository({ now: () => new Date(at) });
  const { user, form, field } = await openForm(testBackend({ store: quotes }));
  await user.type(field('Full name'), 'Sam Carter');
  await user.type(field('Phone number'), '07700 900111');
  await user.selectOptions(field('Service type'), 'general');
  if (urgent) await user.click(field('This is an emergency'));
  await user.click(within(form).getByRole('button', { name: /Get Free Quote|Request Emergency Service/ }));

  const status = await screen.findByRole('status');
  const toast = await within(status).findByText(line);
  const text = status.textContent;
  const spec = "We'll contact you within 30 minutes for urgent requests, or within 2 hours for standard quotes.";
  expect(screen.getByText(spec)).toBeTruthy();
  expect(text.indexOf(spec)).toBeLessThan(text.indexOf(line));
  expect(text.indexOf(line)).toBeLessThan(text.indexOf('Follow your request'));
  expect(toast).toBeTruthy();
});

test('ticking the urgent box turns the button into Request Emergency Service, and unticking turns it back', async () => {
  const { user, form, field } = await openForm();
  const button = () => within(form).getByRole('button', { name: /Get Free Quote|Request Emergency Service/ });

  expect(button().textContent).toBe('Get Free Quote');
  await user.click(field('This is an emergency'));
  expect(button().textContent).toBe('Request Emergency Service');
  await user.click(field('This is an emergency'));
  expect(button().textContent).toBe('Get Free Quote');
});

test('a new attempt replaces the toast of the one before', async () => {
  const { user, form, field } = await openForm();
  await user.click(within(form).getByRole('button', { name: 'Get Free Quote' }));
  expect(await screen.findByText('Missing Information')).toBeTruthy();

  await user.type(field('Full name'), 'Sam Carter');
  await user.type(field('Phone number'), '07700 900111');
  await user.selectOptions(field('Service type'), 'general');
  await user.click(within(form).getByRole('button', { name: 'Get Free Quote' }));

  expect(await screen.findByText('Quote Request Submitted!')).toBeTruthy();
  expect(screen.queryByText('Missing Information')).toBeNull();
});

test('too many requests from one connection get a friendly word on when to try again, with every value kept', async () => {
  class Busy extends InMemoryQuoteRepository {
    override insert(): Promise<never> {
      return Promise.reject(new RateLimited(600));
    }
  }
  const { user, form, field } = await openForm(testBackend({ quotes: new Busy() }));
  await user.type(field('Full name'), 'Sam Carter');
  await user.type(field('Phone number'), '07700 900111');
  await user.selectOptions(field('Service type'), 'general');
  await user.click(within(form).getByRole('button', { name: 'Get Free Quote' }));

  const alert = await screen.findByRole('alert');
  expect(await within(alert).findByText('Please Wait a Moment')).toBeTruthy();
  expect(within(alert).getByText(/Please try again in 10 minutes, or call us on 020 7946 0123/)).toBeTruthy();
  expect((field('Full name') as HTMLInputElement).value).toBe('Sam Carter');
});

test('the postcode is optional, says why we ask, and is stored normalised; outside our area the thanks add one honest sentence', async () => {
  const quotes = new InMemoryQuoteRepository();
  const { user, form, field } = await openForm(testBackend({ store: quotes }));
  const postcode = field('Postcode (optional)');
  expect(postcode.getAttribute('autocomplete')).toBe('postal-code');
  expect(postcode.hasAttribute('required')).toBe(false);
  const hint = document.getElementById(postcode.getAttribute('aria-describedby') ?? '');
  expect(hint?.textContent).toBe('It helps us check we cover your area.');

  await user.type(field('Full name'), 'Nia Brooks');
  await user.type(field('Phone number'), '07700 900222');
  await user.type(postcode, 'n19gu');
  await user.selectOptions(field('Service type'), 'General Repairs');
  await user.click(within(form).getByRole('button', { name: 'Get Free Quote' }));

  await screen.findByText('Quote Request Submitted!');
  expect(
    screen.getByText(
      "We'll contact you within 30 minutes for urgent requests, or within 2 hours for standard quotes. Your postcode is outside the area we usually cover, so we'll call to see if we can help.",
    ),
  ).toBeTruthy();
  expect(await storedQuotes(quotes)).toMatchObject([{ name: 'Nia Brooks', postcode: 'N1 9GU' }]);
});

test('inside our area the thanks are the specification\'s alone', async () => {
  const { user, form, field } = await openForm();
  await user.type(field('Full name'), 'Nia Brooks');
  await user.type(field('Phone number'), '07700 900222');
  await user.type(field('Postcode (optional)'), 'se1 7pb');
  await user.selectOptions(field('Service type'), 'General Repairs');
  await user.click(within(form).getByRole('button', { name: 'Get Free Quote' }));

  await screen.findByText('Quote Request Submitted!');
  expect(screen.getByText("We'll contact you within 30 minutes for urgent requests, or within 2 hours for standard quotes.")).toBeTruthy();
});

test('a postcode that is not one is named beside its field, and nothing typed is lost', async () => {
  const quotes = new InMemoryQuoteRepository();
  const { user, form, field } = await openForm(testBackend({ store: quotes }));
  await user.type(field('Full name'), 'Nia Brooks');
  await user.type(field('Phone number'), '07700 900222');
  await user.type(field('Postcode (optional)'), 'Borough');
  await user.selectOptions(field('Service type'), 'General Repairs');
  await user.click(within(form).getByRole('button', { name: 'Get Free Quote' }));

  const postcode = field('Postcode (optional)');
  expect(postcode.getAttribute('aria-invalid')).toBe('true');
  const described = (postcode.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
  expect(described).toContain('Enter a UK postcode like SE1 7PB, or leave postcode empty');
  expect(document.activeElement).toBe(postcode);
  expect((postcode as HTMLInputElement).value).toBe('Borough');
  expect((field('Full name') as HTMLInputElement).value).toBe('Nia Brooks');
  expect(await storedQuotes(quotes)).toEqual([]);
});

test('"How did you hear about us?" is optional, lists its answers, and the request keeps where it was sent from', async () => {
  const quotes = new InMemoryQuoteRepository();
  // The page as a Google Business Profile's website link opens it, with an ad click's id besides.
  window.history.replaceState(null, '', '/?utm_source=gbp&utm_medium=organic&gclid=Cj0KCQ');
  try {
    const { user, form, field } = await openForm(testBackend({ store: quotes }));
    const heard = field('How did you hear about us?') as HTMLSelectElement;
    expect(heard.required).toBe(false);
    expect(Array.from(heard.options, (option) => option.text)).toEqual([
      'Choose one',
      'Google search',
      'Google Maps',
      'A recommendation',
      'A van or sign',
      'A leaflet',
      'Social media',
      'Used us before',
      'Other',
    ]);

    await user.type(field('Full name'), 'Sam Carter');
    await user.type(field('Phone number'), '07700 900111');
    await user.selectOptions(field('Service type'), 'Heating Services');
    await user.click(within(form).getByRole('button', { name: 'Get Free Quote' }));
    await screen.findByText('Quote Request Submitted!');
    await user.selectOptions(heard, 'A leaflet');
    await user.type(field('Full name'), 'Lee Flyer');
    await user.type(field('Phone number'), '07700 900112');
    await user.selectOptions(field('Service type'), 'General Repairs');
    await user.click(within(form).getByRole('button', { name: 'Get Free Quote' }));
    await screen.findByText('Quote Request Submitted!');

    const stored = await storedQuotes(quotes);
    const source = { landingPage: '/?utm_source=gbp&utm_medium=organic', referrerHost: null, utmSource: 'gbp', utmMedium: 'organic', utmCampaign: null, hasGclid: true };
    expect(stored).toHaveLength(2);
    expect(stored.find((quote) => quote.name === 'Sam Carter')).toMatchObject({ heardFrom: null, ...source });
    expect(stored.find((quote) => quote.name === 'Lee Flyer')).toMatchObject({ heardFrom: 'leaflet', ...source });
    // Nothing of it is kept on the visitor's device.
    expect(document.cookie).toBe('');
    expect(localStorage.length).toBe(0);
  } finally {
    window.history.replaceState(null, '', '/');
  }
});

/** A done boiler service with its yearly reminder, whose email's "Book my service" opens `/?book=<token>`. */
function remindedCustomer() {
  const token = newCustomerToken();
  const done = sampleInboxQuote({
    name: 'Ada Osei',
    phone: '07700 900222',
    email: 'ada@example.co.uk',
    postcode: 'SE1 7PB',
    status: 'done',
    createdAt: new Date('2025-10-01T09:00:00Z'),
    activity: [
      { kind: 'status-moved', id: 'm1', from: 'new', to: 'done', by: 'sam@se1plumbing.example', at: new Date('2025-10-14T12:00:00Z') },
      { kind: 'reminder-set', id: 'r1', service: 'boiler-service', doneOn: '2025-10-14', agreed: true, by: 'sam@se1plumbing.example', at: new Date('2025-10-14T12:05:00Z') },
    ],
  });
  const store = new InMemoryQuoteRepository({ seed: [{ ...done, customerToken: token }] });
  const customerLinkActions = customerLinksOver({ links: store, inbox: store, reminderOptOuts: store.reminderOptOuts, logger: recordingLogger(), alert: { customerWrote: () => Promise.resolve() } });
  return { token, store, backend: testBackend({ store, customerLinkActions }) };
}

test("a reminder's Book my service opens the form filled in for the customer, and the request it sends is tied to the last", async () => {
  const { token, store, backend } = remindedCustomer();
  const { user } = renderApp({ path: `/?book=${token}`, backend });
  const form = await screen.findByRole('form', { name: 'Request a Quote' });
  expect(await within(form).findByText(/^Booking your boiler service, due by 14 October 2026\./)).toBeTruthy();
  const field = (name: string) => within(form).getByLabelText<HTMLInputElement>(name, { exact: false });
  expect(field('Full name').value).toBe('Ada Osei');
  expect(field('Phone number').value).toBe('07700 900222');
  expect(field('Describe the job').value).toBe('Boiler service for Ada Osei, last done 14 October 2025, due by 14 October 2026.');
  expect(document.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe('no-referrer');

  await user.click(within(form).getByRole('button', { name: 'Get Free Quote' }));
  expect(await screen.findByText('Quote Request Submitted!')).toBeTruthy();
  const stored = await storedQuotes(store);
  const repeat = stored.find((quote) => quote.activity.some((entry) => entry.kind === 'repeat-of'));
  expect(repeat?.activity.find((entry) => entry.kind === 'repeat-of')).toMatchObject({ service: 'boiler-service', lastDone: '2025-10-14', due: '2026-10-14' });
  const original = await store.findByToken(token);
  expect(original?.activity.at(-1)).toMatchObject({ kind: 'service-booked', request: repeat?.id });
  expect(within(form).queryByText(/^Booking your/)).toBeNull();
});

test('a booking link that leads nowhere leaves the form empty, and says so', async () => {
  const { backend } = remindedCustomer();
  renderApp({ path: `/?book=${newCustomerToken()}`, backend });
  const form = await screen.findByRole('form', { name: 'Request a Quote' });
  expect(await within(form).findByText(/^We could not find the booking this link was for/)).toBeTruthy();
  expect(within(form).getByLabelText<HTMLInputElement>('Full name', { exact: false }).value).toBe('');
});
