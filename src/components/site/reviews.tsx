import { business } from '../../../domain/business';
import { reviews } from '../../../domain/testimonials';

// In UTC, so the date a review shows is the date it was published wherever the page is drawn.
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * What customers said, each with where they said it, linked to our public profile there so a visitor
 * can read every review, not only the ones we chose.
 */
export function Reviews() {
  const { google, checkatrade } = business.reviewProfiles;
  return (
    <section className="reviews" aria-labelledby="reviews-title">
      <div className="container">
        <h2 id="reviews-title" className="section-title">
          What Our Customers Say
        </h2>
        <p className="section-intro">
          Read every review on <a href={google.url}>{google.name}</a> and <a href={checkatrade.url}>{checkatrade.name}</a>.
        </p>
        <ul className="review-grid">
          {reviews.map((review) => {
            const profile = business.reviewProfiles[review.source];
            return (
              <li key={`${review.firstName}-${review.date}`} className="card review-card">
                <figure>
                  <p className="review-job">{review.job}</p>
                  <blockquote cite={profile.url}>
                    <p>{review.text}</p>
                  </blockquote>
                  <figcaption>
                    <span className="review-author">
                      {review.firstName}, {review.area}
                    </span>
                    <span className="review-meta">
                      <time dateTime={review.date}>{dateFormat.format(new Date(review.date))}</time> · on{' '}
                      <a href={profile.url}>{profile.name}</a>
                    </span>
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
