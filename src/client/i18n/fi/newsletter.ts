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
  /** Double opt-in (docs/decisions/033): the spec's thanks, then what is still to do. */
  confirmNote: 'Vahvista vielä tilauksesi sähköpostiisi lähettämästämme linkistä.',
  failure: 'Tapahtui virhe. Yritä uudelleen myöhemmin.',
  mascotAlt: 'Lipputorin maskotti, iloinen lippuhahmo',
  /** The pages the confirmation and unsubscribe links of the mails open. */
  links: {
    confirmDocumentTitle: 'Vahvista uutiskirjeen tilaus – Lipputori',
    confirmTitle: 'Vahvista uutiskirjeen tilaus',
    confirmLead:
      'Vahvista, että haluat Lipputorin uutiskirjeen tähän sähköpostiosoitteeseen. Kerromme siinä viikoittain tulevista tapahtumista ja parhaista lipputarjouksista.',
    confirmAction: 'Vahvista tilaus',
    confirming: 'Vahvistetaan…',
    confirmed:
      'Kiitos! Tilauksesi on vahvistettu. Voit perua sen milloin tahansa jokaisen uutiskirjeen lopussa olevasta linkistä.',
    alreadyConfirmed: 'Tilauksesi on jo vahvistettu. Mitään ei tarvitse tehdä.',
    confirmLinkBroken:
      'Vahvistuslinkki on virheellinen. Tarkista, että avasit koko linkin, tai tilaa uutiskirje uudelleen.',
    unsubscribeDocumentTitle: 'Peru uutiskirjeen tilaus – Lipputori',
    unsubscribeTitle: 'Peru uutiskirjeen tilaus',
    unsubscribeLead:
      'Emme lähetä sinulle enää uutiskirjettä, kun perut tilauksen. Voit tilata sen myöhemmin uudelleen.',
    unsubscribeAction: 'Peru tilaus',
    unsubscribing: 'Perutaan…',
    unsubscribed: 'Tilauksesi on peruttu. Emme lähetä sinulle enää uutiskirjettä.',
    unsubscribeLinkBroken:
      'Peruutuslinkki on virheellinen. Tarkista, että avasit koko linkin, tai pyydä asiakaspalvelua perumaan tilauksesi.',
    home: 'Palaa etusivulle',
  },
} as const;
