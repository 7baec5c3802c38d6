/** One line of the go-live check: passed, blocks going live, or worth a look; and what to do. */
export interface GoLiveItem {
  status: 'pass' | 'fail' | 'warn';
  /** What was checked, in a few words. */
  label: string;
  /** What was found, and what to do about it when it is not a pass. */
  detail: string;
}

const marks = { pass: '✓', fail: '✗', warn: '!' } as const;

export const pass = (label: string, detail: string): GoLiveItem => ({ status: 'pass', label, detail });
export const fail = (label: string, detail: string): GoLiveItem => ({ status: 'fail', label, detail });
export const warn = (label: string, detail: string): GoLiveItem => ({ status: 'warn', label, detail });

/** `✓ SITE_URL: https://www.example.co.uk`. */
export function formatItem({ status, label, detail }: GoLiveItem): string {
  return `${marks[status]} ${label}: ${detail}`;
}

export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
