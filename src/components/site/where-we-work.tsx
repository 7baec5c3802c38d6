import { business, serviceArea } from '../../../domain/business';
import { Island } from '../../app/islands';
import { MapPinIcon } from '../shared/icons';
import { coverCheckCopy, coverCheckId } from './cover-check';

/** A postcode check, then the districts we usually work in, each with the neighbourhoods people know it by. */
export function WhereWeWork() {
  return (
    <section className="where-we-work" aria-labelledby="where-title">
      <div className="container">
        <h2 id="where-title" className="section-title">
          Where we work
        </h2>
        <p className="section-intro">
          Based in {business.postcodeArea}, we work every day across these parts of south {business.locality}.
        </p>
        <div className="where-grid">
          <section id={coverCheckId} className="card cover-card" aria-labelledby="cover-title" tabIndex={-1}>
            <h3 id="cover-title">{coverCheckCopy.title}</h3>
            <p className="card-intro">Type your postcode to see if it is in our usual area. Nothing you type is kept.</p>
            <Island name="cover-check" />
          </section>
          <ul className="area-list" aria-label="The postcode districts we cover">
            {serviceArea.districts.map(({ code, neighbourhoods }) => (
              <li key={code}>
                <span className="area-code">
                  <MapPinIcon /> {code}
                </span>
                <span className="area-names">{neighbourhoods.join(', ')}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
