/**
 * Set once the visitor has made their cookie choice (kept itself in localStorage, spec 01 §3), so
 * the server can send pages without the cookie banner in their prerendered first paint.
 */
export const consentSavedCookie = 'cookie_consent_saved';
