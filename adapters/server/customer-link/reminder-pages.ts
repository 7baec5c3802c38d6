import { html } from 'hono/html';
import { reminderCopy, unknownReminderLink } from '../../../domain/reminders/reminder-copy';
import { plainPage } from './review-pages';

// The page a reminder email's "Stop reminders" opens: plain HTML with one form, as review-pages.ts's.

/** "Stop service reminders?", with the one button that does it, posting back to the page's own address. */
export const stopRemindersPage = () =>
  plainPage(
    reminderCopy.stopPage.title,
    html`<p>${reminderCopy.stopPage.lead}</p>
      <form method="post"><button type="submit">${reminderCopy.stopPage.confirm}</button></form>`,
  );

/** Done: this address is never reminded again. */
export const remindersStoppedPage = () => plainPage(reminderCopy.stopPage.doneTitle, html`<p>${reminderCopy.stopPage.done}</p>`);

/** A link that is not one of ours. */
export const unknownReminderLinkPage = () => plainPage(reminderCopy.stopPage.title, html`<p>${unknownReminderLink}</p>`);
