// Errors the browser meets, sent to the server's log (POST /api/client-log, spec 01 §7) so they are
// seen beside the requests around them. Fire and forget: a report never waits, retries or throws,
// and who sent it is the session's business, not the report's.

const endpoint = '/api/client-log';
/** The route's limits (clientLogSchema): a longer text would get the whole report refused. */
const maxMessage = 2000;
const maxComponent = 200;

/** At most `max` UTF-16 units, without NUL bytes or a half character, which the server refuses. */
function fit(text: string, max: number): string {
  return text
    .replaceAll('\u0000', '')
    .slice(0, max)
    .replace(/[\ud800-\udbff]$/, '');
}

/** Reports an error of `component` to the server's log; never throws. */
export function reportClientError(
  component: string,
  message: string,
  context?: Record<string, unknown>,
): void {
  try {
    const body = JSON.stringify({
      level: 'error',
      component: fit(component, maxComponent),
      message: fit(message, maxMessage),
      context,
    });
    // A beacon outlives the page (a crash often comes just before the user leaves or reloads).
    if (typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(endpoint, new Blob([body], { type: 'application/json' }))) return;
    }
    void fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => {
      // nowhere left to report to
    });
  } catch {
    // a report must never break the page that makes it
  }
}
