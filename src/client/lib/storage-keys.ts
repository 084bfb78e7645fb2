// Every browser storage key the app uses (spec 01 §3), in one place.
export const storageKeys = {
  newsletterSubscribed: 'newsletter_subscribed',
  newsletterLastShown: 'newsletter_last_shown',
  cookieConsent: 'cookie_consent',
  analyticsConsent: 'analytics_consent',
  /** Session storage: the signed-in state, so a reload paints the right header at once. */
  authState: 'auth_state',
  /** Session storage: the protected page a visitor tried to open before logging in. */
  returnTo: 'auth_return_to',
  /** Session storage prefix: the home list's scroll position per history entry. */
  listScrollPrefix: 'list_scroll:',
  /** Session storage prefix + user id: the sell wizard's draft, never its files (spec 02 §3). */
  sellDraftPrefix: 'sell_draft:',
  /** Session storage prefix + ticket id: its purchase_success was sent, so a reload does not count it twice. */
  purchaseTrackedPrefix: 'purchase_tracked:',
} as const;

/** localStorage that never throws (private mode, disabled storage). */
export const safeLocalStorage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // storage unavailable: the choice lasts for this page only
    }
  },
};

/** sessionStorage that never throws; used for what should last only as long as the tab. */
export const safeSessionStorage = {
  get(key: string): string | null {
    try {
      return window.sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.sessionStorage.setItem(key, value);
    } catch {
      // storage unavailable: the value lasts for this page only
    }
  },
  remove(key: string): void {
    try {
      window.sessionStorage.removeItem(key);
    } catch {
      // nothing stored
    }
  },
};
