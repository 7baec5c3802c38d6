import type { ReviewSource } from './business';

/** One customer's review, copied word for word from where they published it. */
export interface Review {
  /** First name only, as the customer signed it. */
  firstName: string;
  /** Where the job was, as the customer would say it. */
  area: string;
  /** When it was published: an ISO date, "2026-03-14". */
  date: string;
  /** The work we did. */
  job: string;
  text: string;
  /** Where it was published; the page links to our profile there, where it can be read in full. */
  source: ReviewSource;
}

/**
 * The reviews the home page shows, newest first. The business edits this list: these are demo
 * reviews, and a live site shows only real ones, as published.
 */
export const reviews: readonly Review[] = [
  {
    firstName: 'Priya',
    area: 'Bermondsey',
    date: '2026-10-21',
    job: 'Boiler repair',
    text: 'Boiler stopped on a cold Sunday morning. They called back within twenty minutes, had a part on the van and the heating was on again by lunchtime. Clear price before starting.',
    source: 'google',
  },
  {
    firstName: 'Tom',
    area: 'Borough',
    date: '2026-09-03',
    job: 'Burst pipe under the kitchen sink',
    text: 'Came out at 11pm, found the leak, fixed it and left the cupboard cleaner than it was. The emergency charge was taken off the bill as promised.',
    source: 'checkatrade',
  },
  {
    firstName: 'Aisha',
    area: 'Elephant and Castle',
    date: '2026-07-15',
    job: 'Shower installation',
    text: 'New thermostatic shower fitted in a day. Good advice on which valve to get, tidy work, and they came back to adjust the pressure without charging.',
    source: 'google',
  },
  {
    firstName: 'Graham',
    area: 'Waterloo',
    date: '2026-05-28',
    job: 'Annual boiler service',
    text: 'Punctual, showed me his Gas Safe card without being asked, and explained what he checked. Booked again for next year.',
    source: 'checkatrade',
  },
  {
    firstName: 'Olu',
    area: 'Bankside',
    date: '2026-02-09',
    job: 'Power flush and radiator balancing',
    text: 'Radiators upstairs never got properly warm. After the power flush the whole flat heats evenly and the boiler is quieter.',
    source: 'google',
  },
];
