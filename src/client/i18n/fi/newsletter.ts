export const newsletterText = {
  title: 'Tilaa uutiskirjeemme',
  body: 'Kerromme viikoittain tulevista tapahtumista ja parhaista lipputarjouksista.',
  emailLabel: 'Sähköpostiosoite',
  privacyPrefix: 'Käsittelemme sähköpostiosoitettasi',
  privacyLink: 'tietosuojaselosteen',
  privacySuffix: 'mukaisesti. Voit perua tilauksen milloin tahansa.',
  decline: 'Ei kiitos',
  subscribe: 'Tilaa',
  successTitle: 'Kiitos tilauksesta! Olet nyt tilannut uutiskirjeemme.',
  successBody: 'Saat pian ensimmäisen uutiskirjeesi.',
  failure: 'Tapahtui virhe. Yritä uudelleen myöhemmin.',
  mascotAlt: 'Lipputorin maskotti, iloinen lippuhahmo',
} as const;
