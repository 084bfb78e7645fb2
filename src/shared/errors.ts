// API error codes. Generic codes follow the spec's HTTP-status table (spec 01 §8); domain codes
// (own_ticket, ticket_reserved, …) are added by the domains that raise them.
export const httpStatusByCode = {
  'invalid-argument': 400,
  unauthenticated: 401,
  'permission-denied': 403,
  'not-found': 404,
  aborted: 409,
  'resource-exhausted': 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof httpStatusByCode;

/** Finnish fallback messages shown when a route gives no message of its own. */
export const defaultErrorMessages: Record<ErrorCode, string> = {
  'invalid-argument': 'Virheelliset tiedot lomakkeessa',
  unauthenticated: 'Kirjaudu sisään jatkaaksesi',
  'permission-denied': 'Sinulla ei ole oikeutta tähän toimintoon',
  'not-found': 'Sivua tai tietoa ei löytynyt',
  aborted: 'Toiminto keskeytyi, koska tiedot muuttuivat. Yritä uudelleen.',
  'resource-exhausted': 'Liian monta pyyntöä. Yritä myöhemmin uudelleen.',
  internal: 'Tapahtui virhe. Yritä myöhemmin uudelleen.',
  unavailable: 'Palvelu ei ole juuri nyt käytettävissä. Yritä myöhemmin uudelleen.',
};

export interface ApiFieldIssue {
  /** Dotted path of the offending field, e.g. `email`. */
  path: string;
  message: string;
}

/** Body of every non-2xx API answer. */
export interface ApiErrorBody {
  error: { code: string; message: string; issues?: ApiFieldIssue[] };
}
