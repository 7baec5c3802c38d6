import { expect, test } from 'vitest';
import { InMemoryStaffAuth } from './in-memory-staff-auth';

test('the demo account signs in, is remembered, and signs out', async () => {
  const auth = new InMemoryStaffAuth();
  const demo = auth.demoCredentials;
  expect(await auth.currentStaff()).toBeNull();

  expect(await auth.signIn({ email: ` ${demo.email.toUpperCase()} `, password: demo.password })).toEqual({
    ok: true,
    staff: { email: demo.email },
  });
  expect(await auth.currentStaff()).toEqual({ email: demo.email });

  await auth.signOut();
  expect(await auth.currentStaff()).toBeNull();
});

test('any other password or email is refused', async () => {
  const auth = new InMemoryStaffAuth({ account: { email: 'staff@example.co.uk', password: 'correct horse battery staple' } });
  for (const credentials of [
    { email: 'staff@example.co.uk', password: 'wrong' },
    { email: 'other@example.co.uk', password: 'correct horse battery staple' },
    { email: '', password: '' },
  ]) {
    expect(await auth.signIn(credentials)).toEqual({ ok: false, error: { kind: 'invalid-credentials' } });
  }
  expect(await auth.currentStaff()).toBeNull();
});
