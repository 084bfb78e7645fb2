// Apart from the schemas, so the pages that show these messages do not load zod for them.

/** Error codes a social sign-in redirect can come back with (`/kirjaudu?socialError=…`), spec 01 §8. */
export const socialErrorMessages = {
  'popup-closed': 'Kirjautumisikkuna suljettiin ennen kirjautumista',
  'popup-blocked': 'Ponnahdusikkuna estettiin. Salli ponnahdusikkunat ja yritä uudelleen',
  cancelled: 'Kirjautumispyyntö peruutettiin',
  'account-exists-with-different-credential':
    'Tämä sähköpostiosoite on jo käytössä toisella kirjautumismenetelmällä',
  'unauthorized-domain': 'Tämä verkkotunnus ei ole sallittu kirjautumiseen',
  'operation-not-allowed': 'Tämä kirjautumismenetelmä ei ole käytössä',
  'user-disabled': 'Tämä käyttäjätili on poistettu käytöstä',
  network: 'Verkkovirhe. Tarkista internet-yhteytesi',
  failed: 'Kirjautuminen epäonnistui. Yritä uudelleen',
  'unknown-provider': 'Tuntematon kirjautumispalvelu',
} as const;

export type SocialErrorCode = keyof typeof socialErrorMessages;
