/** The pages only staff may see; each shows the sign-in form to anyone else. */
export const staffPagePaths = ['/quotes', '/quotes/settings', '/quotes/report', '/quotes/service-due'] as const;

export type StaffPagePath = (typeof staffPagePaths)[number];
