import { business } from '../../../domain/business';
import { AwardIcon, BuildingIcon, CheckIcon, ShieldIcon } from '../shared/icons';

/**
 * What a visitor can check before letting us in: the Gas Safe number, with a link to the register's
 * own public check, the company behind the name, our memberships, the guarantee and what a call-out
 * costs. Text only, no badges drawn from other sites.
 */
export function TrustStrip() {
  return (
    <section className="trust-strip" aria-label="Registration and guarantee">
      <ul className="container trust-list">
        <li className="trust-item">
          <ShieldIcon className="trust-icon" />
          <span>
            <strong>{`Gas Safe registered · No. ${business.gasSafe.registrationNumber}`}</strong>{' '}
            <a href={business.gasSafe.checkUrl}>
              check it <span className="visually-hidden">on the Gas Safe Register</span>
            </a>
          </span>
        </li>
        <li className="trust-item">
          <BuildingIcon className="trust-icon" />
          <span>
            {business.company.registeredName} · Company No. {business.company.companyNumber}
          </span>
        </li>
        {business.memberships.map((membership) => (
          <li key={membership.name} className="trust-item">
            <AwardIcon className="trust-icon" />
            <span>
              Member of {membership.name}
              {membership.memberNumber ? ` · No. ${membership.memberNumber}` : ''}
            </span>
          </li>
        ))}
        <li className="trust-item">
          <CheckIcon className="trust-icon" />
          <span>{business.guarantee}</span>
        </li>
        <li className="trust-item trust-callout">
          <CheckIcon className="trust-icon" />
          <span>{business.calloutCharge}</span>
        </li>
      </ul>
    </section>
  );
}
