/**
 * The postcode districts the business usually works in, SE1 first, each with the neighbourhoods people
 * know it by. The page's "Where we work", what search engines are told, the quote form's remark and
 * the postcode check all read this list. A request from anywhere else is still taken, and flagged for
 * staff to decide.
 */
const districts = [
  { code: 'SE1', neighbourhoods: ['London Bridge', 'Borough', 'Bankside', 'Southwark', 'Waterloo', 'Bermondsey', 'Elephant and Castle'] },
  { code: 'SE5', neighbourhoods: ['Camberwell'] },
  { code: 'SE11', neighbourhoods: ['Kennington', 'Vauxhall'] },
  { code: 'SE15', neighbourhoods: ['Peckham'] },
  { code: 'SE16', neighbourhoods: ['Rotherhithe', 'Surrey Quays'] },
  { code: 'SE17', neighbourhoods: ['Walworth'] },
  { code: 'SW8', neighbourhoods: ['South Lambeth', 'Nine Elms'] },
  { code: 'SW9', neighbourhoods: ['Stockwell', 'Oval'] },
] as const;

/**
 * The business this site is for. Everything a visitor reads about who we are, how to reach us and
 * what we promise comes from here, so another trades business can reuse the site by editing this file.
 */
export const business = {
  name: 'SE1 Plumbing & Heating',
  /** The name where space is short, such as under an icon on a phone's home screen. */
  shortName: 'SE1 Plumbing',
  /** From Ofcom's drama range: a demo never rings a real person. */
  phone: { display: '020 7946 0123', tel: '+442079460123' },
  serviceArea: 'SE1 and surrounding areas',
  openDays: '7 Days a Week',
  emergencyHours: '24/7',
  /** The public address; a deployment may give its own at build time (SITE_URL). */
  siteUrl: 'https://www.se1plumbing.example',
  /**
   * Where we work, as people search for it: the postcode area first, then the best-known
   * neighbourhood (page titles name these two), then the rest.
   */
  areaServed: [districts[0].code, ...districts.flatMap((district) => district.neighbourhoods)] as readonly string[],
  locality: 'London',
  postcodeArea: districts[0].code,
  /** ISO 3166-1 alpha-2, as search engines expect it. */
  country: 'GB',
  /** What we do in one line, for search results and link previews. */
  summary: 'Local plumbers and heating engineers in SE1, London, with a 24/7 emergency line and free quotes.',
  /** A rough guide to prices for search engines: £ (cheap) to ££££ (expensive). */
  priceRange: '££',
  /** Where customers write to us; the .example address makes plain it is a demo value. */
  email: 'hello@se1plumbing.example',
  /**
   * Our Gas Safe registration (a demo number: replace it with the business's own). Anyone can look it
   * up on the register's public check, so the site links there rather than asking to be trusted.
   */
  gasSafe: {
    registrationNumber: '612345',
    registerUrl: 'https://www.gassaferegister.co.uk/',
    checkUrl: 'https://www.gassaferegister.co.uk/find-an-engineer-or-check-the-register/',
  },
  /** Trade bodies we belong to, each shown beside the Gas Safe number; none is needed. */
  memberships: [{ name: 'Bankside Trades Guild (demo)', memberNumber: 'BTG-0417' }] satisfies readonly Membership[],
  /** The limited company behind the trading name, as Companies House has it (demo values). */
  company: {
    registeredName: 'SE1 Plumbing & Heating Ltd',
    registeredIn: 'England and Wales',
    companyNumber: '09876543',
    registeredAddress: { streetAddress: 'Unit 4, 12 Example Yard', locality: 'London', postcode: 'SE1 7ZZ' },
  },
  /**
   * When the office answers; the emergency line ({@link business.emergencyHours}) never closes.
   * Days missing here are closed. Times are 24-hour London time, as schema.org expects them.
   */
  openingHours: [
    { label: 'Monday to Friday', days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '08:00', closes: '18:00' },
    { label: 'Saturday', days: ['Saturday'], opens: '09:00', closes: '14:00' },
  ] satisfies readonly OpeningHours[],
  calloutCharge: 'No call-out charge in SE1 during opening hours; £60 emergency call-out out of hours, taken off the job.',
  guarantee: '12-month guarantee on parts and labour',
  /** Where customers review us in public (demo profiles); the reviews on the home page link here. */
  reviewProfiles: {
    google: { name: 'Google', url: 'https://g.page/se1-plumbing-heating-example' },
    checkatrade: { name: 'Checkatrade', url: 'https://www.checkatrade.com/trades/se1plumbingheatingexample' },
  },
} as const;

interface Membership {
  name: string;
  memberNumber?: string;
  /** A public page where the membership can be checked, if the body has one. */
  checkUrl?: string;
}

/** The days of the week, Monday first, as schema.org names them. */
export const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

type Weekday = (typeof weekdays)[number];

/** The days the office does not open ("Sunday"); the emergency line still answers. */
export function closedDays(): Weekday[] {
  return weekdays.filter((day) => !business.openingHours.some((hours) => (hours.days as readonly Weekday[]).includes(day)));
}

interface OpeningHours {
  /** The days as the footer says them. */
  label: string;
  days: readonly Weekday[];
  /** "08:00": 24-hour time. */
  opens: string;
  closes: string;
}

/** Where a review was first published. */
export type ReviewSource = keyof typeof business.reviewProfiles;

/** The districts the business usually works in (see `districts`), and their outward codes alone. */
export const serviceArea = {
  districts,
  outwardCodes: districts.map((district) => district.code) as readonly string[],
} as const;

/**
 * The national lines a visitor who reports a gas smell or carbon monoxide is sent to before us: the
 * gas network's, free and open 24 hours, for a smell of gas or a carbon monoxide alarm, and 999 for
 * anyone who feels unwell. They are nobody's to change, so no deployment sets them.
 */
export const emergencyLines = {
  gas: { name: 'National Gas Emergency Service', display: '0800 111 999', tel: '0800111999' },
  ambulance: { display: '999', tel: '999' },
} as const;

/** How fast staff promise to call back, in minutes. */
export const responsePromise = {
  urgentMinutes: 30,
  standardMinutes: 120,
} as const;

/**
 * How the staff inbox judges a request still waiting for its call: "due soon" in the last minutes
 * before the promise runs out, and "delivery trouble" when the email to the business has been failing
 * for this long, so someone looks at the inbox instead of waiting for the email.
 */
export const responseClockMinutes = {
  urgentDueSoon: 10,
  standardDueSoon: 30,
  deliveryTrouble: 10,
} as const;

/** "30 minutes", "2 hours": a promise as people say it. */
export function describeMinutes(minutes: number): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  }
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
