import { emergencyLines } from '../business';
import type { GasReport } from './gas-report-kind';

const { gas, ambulance } = emergencyLines;

/** One thing to do; `tel` when the step is ringing someone, so the step is the link that rings them. */
interface GasStep {
  text: string;
  tel?: string;
}

const ringFromOutside: GasStep = { text: `Ring ${gas.display} from outside.`, tel: gas.tel };

/**
 * Every word the site says when a description reports a gas smell or carbon monoxide (gas-report.ts):
 * to the visitor as they type, in the thanks and on their own page; to staff on the card, in the
 * email and in the alert. The advice is the UK's, the same from every gas network.
 */
export const gasCopy = {
  /** The warning's first line, and the link that rings the gas network. */
  call: `Smell gas? Call the ${gas.name} now, free, 24 hours: ${gas.display}`,
  callTel: gas.tel,
  steps: {
    'gas-smell': {
      heading: 'Then, straight away:',
      steps: [
        { text: "Don't touch light switches, plugs or anything electrical, and don't light a flame or smoke." },
        { text: 'Open doors and windows.' },
        { text: 'Turn the gas off at the meter, if it is safe to.' },
        { text: 'Leave the building.' },
        ringFromOutside,
      ],
    },
    'carbon-monoxide': {
      heading: 'For carbon monoxide, straight away:',
      steps: [
        { text: 'Get into fresh air: open doors and windows, and leave the building.' },
        {
          text: `Ring ${ambulance.display} if anyone feels unwell: a headache, dizziness, nausea, breathlessness or collapse.`,
          tel: ambulance.tel,
        },
        { text: "Turn gas appliances off if it is safe to, and don't use them again until they have been checked." },
        ringFromOutside,
      ],
    },
  } satisfies Record<GasReport, { heading: string; steps: readonly GasStep[] }>,
  /** Under the warning on the form: the warning never stops the request. */
  stillSent: 'You can still send your request: it comes to us marked urgent.',
  /** The heading of the advice on the customer's own page of their request. */
  customerHeading: { 'gas-smell': 'You told us you can smell gas', 'carbon-monoxide': 'You told us about carbon monoxide' } satisfies Record<GasReport, string>,
  /** The flag staff see on the card, in the business email's subject and in the alert. */
  staffMark: { 'gas-smell': 'Gas smell reported', 'carbon-monoxide': 'CO reported' } satisfies Record<GasReport, string>,
  /** What the business email says under its subject. */
  staffNote: `The visitor was told to ring the ${gas.name} on ${gas.display} first. The request was made urgent.`,
  /** Wherever the business's emergency line is offered: the gas network comes first. */
  callFirst: `Smell gas? Call ${gas.display} first`,
} as const;
