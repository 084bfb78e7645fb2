import type { AnalyticsEvent } from '#shared/analytics/analytics.schema.ts';
import { safeLocalStorage, storageKeys } from './storage-keys.ts';

/** Sends an analytics event, but only when the visitor has allowed analytics cookies. */
export function trackEvent(event: AnalyticsEvent): void {
  if (safeLocalStorage.get(storageKeys.analyticsConsent) !== 'true') return;
  void fetch('/api/analytics', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(event),
    keepalive: true,
  }).catch(() => {
    // analytics is best effort
  });
}
