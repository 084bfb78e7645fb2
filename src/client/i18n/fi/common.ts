// Shared UI text: navigation, header, footer and global messages.
export const common = {
  productName: 'Lipputori',
  nav: {
    tickets: 'Liput',
    sell: 'Myy lippu',
    about: 'Meistä',
    faq: 'Usein kysytty',
    contact: 'Ota yhteyttä',
    newsletter: 'Tilaa uutiskirje',
  },
  header: {
    skipToContent: 'Siirry sisältöön',
    home: 'Lipputori – etusivu',
    openMenu: 'Avaa valikko',
    menu: 'Valikko',
    closeMenu: 'Sulje valikko',
    login: 'Kirjaudu sisään',
    profile: 'Profiili',
    logout: 'Kirjaudu ulos',
    mainNavigation: 'Päävalikko',
  },
  footer: {
    tagline: 'Helpoin ja edullisin tapa ostaa ja myydä tapahtumalippuja.',
    contactTitle: 'Yhteystiedot',
    businessId: 'Y-tunnus',
    siteMapTitle: 'Palvelu',
    howItWorks: 'Miten se toimii?',
    linksTitle: 'Lipputori',
    about: 'Tietoa meistä',
    terms: 'Käyttöehdot',
    privacy: 'Tietosuojaseloste',
    accessibility: 'Saavutettavuusseloste',
    newsletter: 'Tilaa uutiskirje',
    article: 'Lipputori lehdessä',
    followUs: 'Seuraa meitä',
    instagram: 'Lipputori Instagramissa',
    facebook: 'Lipputori Facebookissa',
    copyright: (year: number) => `© ${year} Lipputori. Kaikki oikeudet pidätetään.`,
  },
  notFound: {
    title: '404 error, page not found',
    text: 'Etsimääsi sivua ei löytynyt. Se on ehkä poistettu tai osoite on kirjoitettu väärin.',
    home: 'Palaa etusivulle',
  },
  translationWarning:
    'Selaimesi käännöstyökalu näyttää olevan käytössä. Se voi rikkoa sivun toimintoja, kuten maksulomakkeen kentät. Poista käännös käytöstä ennen maksamista.',
  back: 'Takaisin',
  loading: 'Ladataan…',
  retry: 'Yritä uudelleen',
  routeError: 'Sivun lataaminen epäonnistui. Päivitä sivu ja yritä uudelleen.',
  reload: 'Päivitä sivu',
  /** Time left until an event (components/event-countdown.tsx). */
  countdown: {
    label: 'Tapahtumaan aikaa',
    daysHours: (days: number, hours: number) => `${days} pv ${hours} h`,
    hoursMinutes: (hours: number, minutes: number) => `${hours} h ${minutes} min`,
    minutes: (minutes: number) => `${minutes} min`,
  },
  /** Sharing a ticket's link (components/share-button.tsx). */
  share: {
    button: 'Jaa',
    copied: 'Linkki kopioitu leikepöydälle',
    copyFailed: 'Linkin kopiointi epäonnistui',
  },
  /** A ticket's PDF files for its buyer or seller (components/ticket-file-links.tsx). */
  ticketFile: {
    view: 'Näytä lippu',
    download: 'Lataa lippu',
  },
  /** The form kit's own text (src/client/components/form). */
  form: {
    showPassword: 'Näytä salasana',
    hidePassword: 'Piilota salasana',
  },
} as const;
