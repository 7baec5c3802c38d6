/**
 * The business this site is for. Everything a visitor reads about who we are, how to reach us and
 * what we promise comes from here, so another trades business can reuse the site by editing this file.
 */
export const business = {
  name: 'SE1 Plumbing & Heating',
  /** From Ofcom's drama range: a demo never rings a real person. */
  phone: { display: '020 7946 0123', tel: '+442079460123' },
  serviceArea: 'SE1 and surrounding areas',
  openDays: '7 Days a Week',
  emergencyHours: '24/7',
} as const;

/** How fast staff promise to call back, in minutes. */
export const responsePromise = {
  urgentMinutes: 30,
  standardMinutes: 120,
} as const;

/** "30 minutes", "2 hours": a promise as people say it. */
export function describeMinutes(minutes: number): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  }
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
