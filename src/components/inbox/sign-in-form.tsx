import { useLocation } from '@tanstack/react-router';
import { useAppContext } from '../../app/app-context-provider';
import type { SubmitEvent } from 'react';
import { useStore } from 'zustand';
import { business } from '../../../domain/business';
import { describeWait } from '../../../domain/copy';
import type { SignInError } from '../../../domain/staff/staff';
import { FormField } from '../shared/form-field';

function messageOf(error: SignInError): string {
  switch (error.kind) {
    case 'invalid-credentials':
      return 'That email and password do not match a staff account.';
    case 'rate-limited':
      return `Too many failed sign-ins from this connection. Please try again ${describeWait(error.retryAfterSeconds)}.`;
    case 'unavailable':
      return 'Signing in is not possible right now. Please try again shortly.';
    case 'invalid-fields':
      return error.message;
  }
}

/**
 * Staff sign in here to see the quote requests; nobody else can. Without scripts the form is a plain
 * post to the page's own address, which our server answers with the page, signed in, or with this
 * form again, the email kept and the reason told.
 */
export function SignInForm() {
  const staff = useAppContext((context) => context.staff);
  const demo = useAppContext((context) => context.demoStaff);
  const drawnEmail = useAppContext((context) => context.drawnStaffPage.email);
  const here = useLocation({ select: (location) => location.href });
  const error = useStore(staff, (state) => state.error);
  const busy = useStore(staff, (state) => state.busy);

  // Read from the form itself: what was typed before the scripts took the page over counts.
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    void staff.getState().signIn({ email: text('email'), password: text('password') });
  };

  return (
    <section className="card sign-in" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">Staff sign-in</h1>
      <p className="card-intro">
        Quote requests hold our customers' details, so only {business.name} staff can see them.
      </p>
      {demo && (
        <div className="demo-account">
          <p>
            This is a demo. Sign in as <strong>{demo.email}</strong> with the password <strong>{demo.password}</strong>.
          </p>
          <button type="button" className="button button-outline" onClick={() => void staff.getState().signIn(demo)}>
            Sign in with the demo account
          </button>
        </div>
      )}
      <form className="quote-form" method="post" action={here} onSubmit={onSubmit} aria-labelledby="sign-in-title">
        <FormField id="sign-in-email" label="Email">
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              autoComplete="username"
              required
              defaultValue={drawnEmail}
            />
          )}
        </FormField>
        <FormField id="sign-in-password" label="Password">
          {(control) => (
            <input
              {...control}
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
          )}
        </FormField>
        <div role="alert" className="form-alert">
          {error && <p className="field-error">{messageOf(error)}</p>}
        </div>
        <button type="submit" className="button button-primary button-block" aria-disabled={busy}>
          Sign in
        </button>
      </form>
    </section>
  );
}
