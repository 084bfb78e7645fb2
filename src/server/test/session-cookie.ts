import type { LightMyRequestResponse } from 'fastify';

/** The `name=value` of the session cookie a response set, for the next request's Cookie header. */
export function sessionCookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'lt_session');
  if (!cookie?.value) throw new Error(`no session cookie in the response (status ${response.statusCode})`);
  return `lt_session=${cookie.value}`;
}
