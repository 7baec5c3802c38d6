import * as v from 'valibot';
import { SignInSchema } from '../../../domain/staff/staff';
import { describeRoute, down, elsewhere, failure, jsonAnswer, jsonBody, limited, noBody } from '../openapi/describe-route';

// `/api/session` for the API's document: who is signed in on every host, and, where the API keeps its
// own sessions (staff-api.ts), signing in and out; where another service signs staff in
// (bearer-staff-gate.ts), it only says so.

const StaffMemberSchema = v.object({ email: v.string() });

export const sessionOperations = {
  who: describeRoute({
    summary: 'Who is signed in on this device',
    responses: { 200: jsonAnswer('The staff member, or null for nobody', v.object({ staff: v.nullable(StaffMemberSchema) })), 503: down },
  }),
  signIn: describeRoute({
    summary: 'Sign in as staff: sets an HttpOnly, SameSite=Lax session cookie',
    requestBody: jsonBody(SignInSchema),
    responses: {
      200: jsonAnswer('Signed in', StaffMemberSchema),
      400: failure('Email or password missing, or not JSON'),
      401: failure('The email and password do not match a staff account'),
      403: elsewhere,
      413: failure('The body is over 4 KB'),
      429: limited('Too many failed sign-ins from this client; see Retry-After'),
    },
  }),
  signOut: describeRoute({
    summary: 'Sign out: the session ends on the server and its cookie is cleared',
    responses: { 204: { description: 'Signed out' }, 403: elsewhere, 413: noBody },
  }),
  /** POST and DELETE where staff sign in with another service. */
  elsewhere: describeRoute({
    summary: 'Not here: staff sign in and out with the sign-in service that issues their token',
    responses: { 404: failure('Staff sign in and out with the sign-in service'), 413: noBody },
  }),
};
