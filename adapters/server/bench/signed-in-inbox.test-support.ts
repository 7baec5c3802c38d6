// The signed-in inbox the web benchmark measures: requests posted as the home page's form posts them,
// staff signed in as the staff page does, and a check that the page Lighthouse measured showed them.
// Node runs the benchmarks by stripping types: the domain's code, imported without extensions, loads
// through ../../extensionless-imports.ts, which the benchmark imports first.
import type { Artifacts } from 'lighthouse';
import type { NamedFields } from '../../../domain/quote/quote.ts';
import type { ServiceType } from '../../../domain/quote/service-type.ts';

const firstNames = ['Priya', 'Tom', 'Grace', 'Marco', 'Aisha', 'Sean', 'Zoë', 'Łukasz', 'Siobhán', 'Olu', 'Mei', 'Jamal', 'Freya'];
const surnames = ['Raman', 'Okafor', 'Whitfield', 'Bellini', 'Mensah', 'Gallagher', "O'Brien", 'Patel', 'Chen', 'Nowak', 'Begum'];
const streets = ['Tooley Street', 'Long Lane', 'Borough High Street', 'Bermondsey Street', 'The Cut', 'Union Street'];
const postcodes = ['SE1 3XF', 'SE1 2NP', 'SE11 5QY', 'SE16 4DG', 'SW9 8LF', null];
const jobs: Record<ServiceType, readonly string[]> = {
  emergency: ['Burst pipe under the stairs', 'Water coming through the ceiling from the flat above', 'No water at all since this morning'],
  heating: ['Combi boiler shows F28, no hot water', 'Radiators cold at the top', 'Boiler pressure keeps dropping'],
  bathroom: ['Replace a bath with a walk-in shower', 'New bathroom suite and tiling', 'Extractor fan and basin swap'],
  general: ['Slow-draining kitchen sink', 'Dripping tap in the bathroom', 'Toilet keeps running'],
  maintenance: ['Annual boiler service', 'Landlord gas safety check', 'Power flush of the heating'],
  other: ['Outside tap for the garden', 'Move a radiator before decorating', 'Washing machine plumbing'],
};
const services = ['heating', 'general', 'bathroom', 'maintenance', 'heating', 'other', 'general'] as const;

/**
 * `count` requests as customers send them: one in five urgent (most of those emergencies), every
 * service, two in three with an email, four in five describing the job. Phone numbers from Ofcom's
 * drama ranges, each request's its own, so the page's cards can be told apart.
 */
export function inboxRequests(count: number): NamedFields[] {
  return Array.from({ length: count }, (_, index) => {
    const urgent = index % 5 === 0;
    const serviceType: ServiceType = urgent && index % 10 === 0 ? 'emergency' : (services[index % services.length] ?? 'general');
    const first = firstNames[index % firstNames.length] ?? 'Sam';
    const surname = surnames[(index * 7) % surnames.length] ?? 'Smith';
    const job = jobs[serviceType][index % 3] ?? 'A job';
    return {
      name: `${first} ${surname}`,
      phone: index % 3 === 0 ? `020 7946 0${200 + index * 7}` : `07700 900${300 + index * 13}`,
      email: index % 3 === 2 ? null : `${first}.${surname}${index}@example.co.uk`.toLowerCase().replace(/[^a-z0-9.@]/g, ''),
      postcode: postcodes[index % postcodes.length] ?? null,
      service_type: serviceType,
      description: index % 5 === 4 ? null : `${job}, flat ${index + 1}, ${streets[index % streets.length] ?? 'Tooley Street'}.`,
      urgent,
      heard_from: null,
      landing_page: '/',
      referrer_host: index % 2 === 0 ? 'www.google.co.uk' : null,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      has_gclid: false,
    };
  });
}

/** Posts each request as the home page's form does: with the form token that page was just sent with. */
export async function postRequests(url: string, requests: readonly NamedFields[]): Promise<void> {
  const { formTokenFieldName } = await import('../../../domain/spam/spam.ts');
  const tokenPattern = new RegExp(`name="${formTokenFieldName}"[^>]*value="([^"]+)"`);
  for (const request of requests) {
    const token = tokenPattern.exec(await (await fetch(`${url}/`)).text())?.[1];
    if (token === undefined) throw new Error('the home page holds no form token');
    const response = await fetch(`${url}/api/quote-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ ...request, [formTokenFieldName]: token }),
    });
    if (response.status !== 201) throw new Error(`posting a request answered ${response.status}: ${await response.text()}`);
  }
}

/** Signs staff in as the sign-in form does; resolves with the session's cookie, checked to be signed in. */
export async function signIn(url: string, staff: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${url}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify(staff) });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (response.status !== 200 || !cookie) throw new Error(`signing in answered ${response.status}, ${cookie ? 'with' : 'without'} a cookie`);
  const session = (await (await fetch(`${url}/api/session`, { headers: { cookie } })).json()) as { staff?: unknown };
  if (!session.staff) throw new Error('the session cookie does not sign staff in');
  return cookie;
}

/**
 * Throws unless the page as Lighthouse left it showed every request's card (each card's call link) and
 * no sign-in form: a run that measured the signed-out page must not pass for the inbox.
 */
export async function requireInboxShown(artifacts: Artifacts, requests: readonly NamedFields[], run: string): Promise<void> {
  const { telHref } = await import('../../../domain/quote/phone.ts');
  const links = new Set(artifacts.AnchorElements.map((anchor) => anchor.rawHref));
  const missing = requests.filter((request) => !links.has(telHref(request.phone)));
  const passwords = artifacts.Inputs.inputs.filter((input) => input.type === 'password').length;
  if (missing.length > 0 || passwords > 0) {
    throw new Error(`${run}: not the signed-in inbox: ${missing.length} of ${requests.length} requests' cards missing, ${passwords} password fields`);
  }
}
