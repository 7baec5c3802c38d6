/**
 * Length limits the browser, the server and the database all enforce. The spec leaves them open;
 * these fit every real name, phone number, email address (RFC 5321) and job description.
 */
export const quoteLimits = {
  nameMax: 100,
  emailMax: 254,
  phoneMax: 30,
  descriptionMax: 2000,
} as const;
