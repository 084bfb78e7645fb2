export const consentText = {
  title: 'Evästeet',
  intro:
    'Käytämme välttämättömiä evästeitä palvelun toimintaan. Analytiikka- ja toiminnallisia evästeitä käytämme vain luvallasi.',
  privacyLink: 'Lue lisää tietosuojaselosteesta',
  showSettings: 'Näytä evästeasetukset',
  hideSettings: 'Piilota evästeasetukset',
  necessaryOnly: 'Vain välttämättömät',
  acceptAll: 'Hyväksy kaikki',
  saveChoices: 'Tallenna valinnat',
  reopen: 'Evästeasetukset',
  categories: {
    necessary: {
      label: 'Välttämättömät',
      description: 'Kirjautuminen, ostoskori ja tietoturva. Nämä ovat aina käytössä.',
    },
    analytics: {
      label: 'Analytiikka',
      description: 'Anonyymit tilastot siitä, miten palvelua käytetään, jotta voimme parantaa sitä.',
    },
    functional: {
      label: 'Toiminnalliset',
      description: 'Muistavat valintojasi, kuten uutiskirjeen näyttämisen ajankohdan.',
    },
  },
} as const;
