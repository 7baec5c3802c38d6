import type { VapidKeys } from '../../../../push/vapid-keys.ts';

/** The secrets every function that pushes is given: this mode has no server to make and keep the keys. */
export const vapidSecrets = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;

/** The VAPID keys from the function's secrets, or what is wrong with them. */
export function vapidFrom(env: Readonly<Record<string, string | undefined>>): { ok: true; vapid: VapidKeys } | { ok: false; problem: string } {
  const missing = vapidSecrets.filter((name) => (env[name] ?? '') === '');
  if (missing.length > 0) return { ok: false, problem: `set the secrets ${missing.join(', ')}` };
  const [publicKey = '', privateKey = '', subject = ''] = vapidSecrets.map((name) => env[name]);
  if (!/^(mailto:|https:\/\/)/.test(subject)) return { ok: false, problem: 'VAPID_SUBJECT must be a mailto: or https: address' };
  return { ok: true, vapid: { publicKey, privateKey, subject } };
}
