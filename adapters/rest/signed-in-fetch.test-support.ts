/** The browser's fetch, with the signed-in staff member's cookie as the browser would send it. */
export const signedIn =
  (cookie: string): typeof fetch =>
  (input, init) => {
    const request = new Request(input, init);
    request.headers.set('cookie', cookie);
    return fetch(request);
  };
