import { business, serviceArea } from '../../../domain/business';
import { Island } from '../../app/islands';
import { MapPinIcon } from '../shared/icons';
import { coverCheckCopy, coverCheckId } from './cover-check';

/** "Do we cover you?", near the top: the first thing a visitor outside SE1 wants to know. */
export function CoverCheckSection() {
  return (
    <section id={coverCheckId} className="cover-band" aria-labelledby="cover-title" tabIndex={-1}>
      <div className="container cover-band-row">
        <div>
          <h2 id="cover-title">{coverCheckCopy.title}</h2>
          <p className="cover-intro">Type your postcode to see if it is in our usual area. Nothing you type is kept.</p>
        </div>
        <Island name="cover-check" />
      </div>
    </section>
  );
}

/** The districts we usually work in, each with the neighbourhoods people know it by. */
export function WhereWeWork() {
  return (
    <section className="where-we-work" aria-labelledby="where-title">
      <div className="container">
        <h2 id="where-title" className="section-title">
          Where we work
        </h2>
        <p className="section-intro">
          Based in {business.postcodeArea}, we work every day across these parts of south {business.locality}. Not sure?{' '}
          <a href={`#${coverCheckId}`}>{coverCheckCopy.title}</a>
        </p>
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
    </section>
  );
}
