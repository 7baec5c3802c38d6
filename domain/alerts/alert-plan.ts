import { responseClockMinutes } from '../business';
import { onCallAt, type OnCallShift, staffName } from './on-call';
import { type QuoteStatus, waitingStatus } from '../inbox/quote-status';
import { dueAt } from '../inbox/response-clock';

/**
 * The alerts about one request, in the order they can come:
 * - `new`: at once, to whoever is on call (every request);
 * - `escalated`: an urgent request nobody has taken after the escalation delay, to every staff member
 *   not alerted yet;
 * - `due-soon`: an urgent request still not taken when its clock turns due soon, to everyone;
 * - `reminder`: a standard request still waiting when its clock turns due soon (30 minutes before the
 *   promise runs out), once, to whoever is on call then.
 */
export const alertSteps = ['new', 'escalated', 'due-soon', 'reminder'] as const;
export type AlertStep = (typeof alertSteps)[number];

/** The steps a chat webhook also hears of: every new request, and every escalation to everyone. */
export const webhookSteps: readonly AlertStep[] = ['new', 'escalated', 'due-soon'];

/** Who took a request on, and when: by "I'm on it", or by marking it contacted (or any other move). */
export interface Taking {
  /** The staff member's email. */
  by: string;
  at: Date;
}

/** One alert step as it was sent: when, and to whom (`everyone` when it went to every staff member). */
export interface AlertRecord {
  step: AlertStep;
  at: Date;
  /** The staff members' emails. */
  recipients: readonly string[];
  everyone: boolean;
}

/** The settings of the alert rules: how long an urgent request waits for someone to take it. */
export interface AlertPolicy {
  escalateAfterMinutes: number;
}

/** `ESCALATE_AFTER_MINUTES` unless set. */
export const defaultAlertPolicy: AlertPolicy = { escalateAfterMinutes: 10 };

/**
 * How long after a request arrives it may still alert anyone: a promise is at most 2 hours, and a
 * server that was off for longer than this should not wake people about yesterday's requests.
 */
export const alertWindowMinutes = 24 * 60;

/** What the alert rules need of a request. */
export interface AlertableRequest {
  createdAt: Date;
  urgent: boolean;
  status: QuoteStatus;
  taken: Taking | null;
}

/** Any move out of the Waiting view takes a request on: the first call back, or even losing it. */
export const takesRequest = (to: QuoteStatus): boolean => to !== waitingStatus;

/** Still waiting for someone: in the Waiting view, and nobody has said they are on it. */
const awaitsSomeone = (request: Pick<AlertableRequest, 'status' | 'taken'>): boolean =>
  request.status === waitingStatus && request.taken === null;

const minuteMs = 60_000;

/** Every step a request can have, with when it falls due, in the order they fall due. */
export function alertLadder(request: Pick<AlertableRequest, 'createdAt' | 'urgent'>, policy: AlertPolicy): { step: AlertStep; at: Date }[] {
  const after = (minutes: number) => new Date(request.createdAt.getTime() + minutes * minuteMs);
  const due = dueAt(request).getTime();
  const ladder = request.urgent
    ? [
        { step: 'new' as const, at: request.createdAt },
        { step: 'escalated' as const, at: after(policy.escalateAfterMinutes) },
        { step: 'due-soon' as const, at: new Date(due - responseClockMinutes.urgentDueSoon * minuteMs) },
      ]
    : [
        { step: 'new' as const, at: request.createdAt },
        { step: 'reminder' as const, at: new Date(due - responseClockMinutes.standardDueSoon * minuteMs) },
      ];
  return ladder.sort((a, b) => a.at.getTime() - b.at.getTime() || alertSteps.indexOf(a.step) - alertSteps.indexOf(b.step));
}

/**
 * The step a request should alert now, if any. Only a request still waiting for someone alerts, and
 * only within {@link alertWindowMinutes} of arriving. Of the steps whose time has come, only the
 * latest is sent (a server back from an outage sends one alert, not a burst), and never one that has
 * been sent, or passed over for a later one.
 */
export function dueAlertStep(request: AlertableRequest, sent: readonly AlertStep[], now: Date, policy: AlertPolicy): AlertStep | undefined {
  if (!awaitsSomeone(request)) return undefined;
  if (now.getTime() - request.createdAt.getTime() > alertWindowMinutes * minuteMs) return undefined;
  const ladder = alertLadder(request, policy);
  const latest = ladder.findLastIndex(({ at }) => at.getTime() <= now.getTime());
  if (latest < 0) return undefined;
  const passed = ladder.slice(latest).some(({ step }) => sent.includes(step));
  return passed ? undefined : ladder[latest]?.step;
}

/** Who is on the staff, and who is on call when: what choosing an alert's recipients needs. */
export interface AlertAudience {
  /** Every staff member's email. */
  staff: readonly string[];
  rota: readonly OnCallShift[];
}

/**
 * Who a step alerts at `now`: a new request and a reminder go to whoever is on call; an escalation to
 * every staff member not alerted yet; due soon to everyone.
 */
function alertRecipients(step: AlertStep, sent: readonly AlertRecord[], { staff, rota }: AlertAudience, now: Date): Pick<AlertRecord, 'recipients' | 'everyone'> {
  switch (step) {
    case 'new':
    case 'reminder': {
      const onCall = onCallAt(rota, staff, now);
      return { recipients: onCall.staff, everyone: onCall.everyone };
    }
    case 'escalated': {
      const alerted = new Set(sent.flatMap(({ recipients }) => recipients));
      return { recipients: staff.filter((email) => !alerted.has(email)), everyone: true };
    }
    case 'due-soon':
      return { recipients: [...staff], everyone: true };
  }
}

/** The alert a request should send now, with its recipients; undefined when it should send none. */
export function planAlert(request: AlertableRequest, sent: readonly AlertRecord[], audience: AlertAudience, now: Date, policy: AlertPolicy): AlertRecord | undefined {
  const step = dueAlertStep(
    request,
    sent.map((record) => record.step),
    now,
    policy,
  );
  return step === undefined ? undefined : { step, at: now, ...alertRecipients(step, sent, audience, now) };
}

const names = (emails: readonly string[]) => (emails.length === 0 ? 'nobody' : emails.map(staffName).join(', '));

/** One step of a card's alert timeline, without its time: "Alerted Sam", "Escalated to all". */
export function describeAlertRecord({ step, recipients, everyone }: Pick<AlertRecord, 'step' | 'recipients' | 'everyone'>): string {
  switch (step) {
    case 'new':
      return everyone ? 'Alerted all' : `Alerted ${names(recipients)}`;
    case 'escalated':
      return 'Escalated to all';
    case 'due-soon':
      return 'Due soon: alerted all';
    case 'reminder':
      return everyone ? 'Reminded all' : `Reminded ${names(recipients)}`;
  }
}

/** "Taken by Sam": who took a request on, as the card says it. */
export const describeTaking = ({ by }: Pick<Taking, 'by'>): string => `Taken by ${staffName(by)}`;
