import { inboxCopy } from '../../../domain/inbox/inbox-copy';
import { describeSpamReason, type SpamMark } from '../../../domain/spam/spam';

const { spam: text } = inboxCopy;

/** Why a request in the Spam folder was held there: its score, and each reason in words. */
export function SpamVerdict({ mark }: { mark: SpamMark }) {
  return (
    <div className="spam-verdict">
      <h3>
        {text.heading} <span className="badge badge-spam">{text.score(mark.score)}</span>
      </h3>
      <ul>
        {mark.reasons.map((reason) => (
          <li key={reason.signal}>{describeSpamReason(reason)}</li>
        ))}
      </ul>
      <p className="spam-held">{text.held}</p>
    </div>
  );
}
