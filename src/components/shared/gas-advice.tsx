import { gasCopy } from '../../../domain/safety/gas-copy';
import type { GasReport } from '../../../domain/safety/gas-report-kind';
import { PhoneIcon } from './icons';

/**
 * What to do about a gas smell or carbon monoxide someone reported: the gas network's number first,
 * as a link big enough to hit with a thumb, then the steps; a step that is a call rings its number.
 */
export function GasAdvice({ report }: { report: GasReport }) {
  const { heading, steps } = gasCopy.steps[report];
  return (
    <div className="gas-advice">
      <a className="gas-call" href={`tel:${gasCopy.callTel}`}>
        <PhoneIcon className="gas-call-icon" />
        <span>{gasCopy.call}</span>
      </a>
      <p className="gas-steps-heading">{heading}</p>
      <ol className="gas-steps">
        {steps.map((step) => (
          <li key={step.text}>{'tel' in step ? <a href={`tel:${step.tel}`}>{step.text}</a> : step.text}</li>
        ))}
      </ol>
    </div>
  );
}

/** "Smell gas? Call 0800 111 999 first", wherever the business's emergency line is offered. */
export function GasCallFirst({ className }: { className?: string }) {
  return (
    <a className={className === undefined ? 'gas-first' : `gas-first ${className}`} href={`tel:${gasCopy.callTel}`}>
      {gasCopy.callFirst}
    </a>
  );
}
