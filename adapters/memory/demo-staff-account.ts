/** The demo's one staff account; the sign-in screen shows it, so a demo is one click from the list. */
export const demoStaffAccount = { email: 'demo@se1plumbing.example', password: 'show me the quotes' } as const;
