import { maxEvidenceBytes, maxEvidenceFiles } from '#shared/complaints/complaint-rules.ts';

const evidenceMegabytes = maxEvidenceBytes / (1024 * 1024);
const files = (count: number) => (count === 1 ? '1 tiedoston' : `${count} tiedostoa`);

// Complaints about bought tickets (docs/decisions/036): the page /liput/:ticketId/reklamaatio for
// the buyer and the seller, and what the profile's cards say of a complaint. The rules' messages
// live in #shared/complaints/complaint-rules.ts, the server's error codes' in #shared/errors.ts.
export const complaintsText = {
  page: {
    documentTitle: 'Reklamaatio – Lipputori',
    title: 'Reklamaatio',
    loading: 'Ladataan reklamaatiota',
    loadFailed: 'Reklamaation lataaminen epäonnistui.',
    toBoughtTickets: 'Takaisin ostettuihin lippuihin',
    toListings: 'Takaisin myynti-ilmoituksiin',
  },
  file: {
    title: 'Tee reklamaatio',
    lead: 'Jos lipun kanssa oli ongelma, kerro siitä meille. Selvitämme asian myyjän kanssa ja ilmoitamme ratkaisusta sähköpostitse.',
    deadline: (until: string) => `Reklamaation voi tehdä ${until} asti.`,
    reasonLabel: 'Mikä lipussa oli vialla?',
    descriptionLabel: 'Kuvaus',
    descriptionHint: 'Kerro, mitä tapahtui, esimerkiksi mitä portilla sanottiin.',
    holdNote:
      'Myyjän tilitys pidätetään, kunnes olemme käsitelleet reklamaation. Myyjä näkee kuvauksesi ja voi vastata siihen; liitteesi näkee vain asiakaspalvelumme.',
    submit: 'Lähetä reklamaatio',
    submitting: 'Lähetetään…',
    failed: 'Reklamaation lähettäminen epäonnistui. Yritä uudelleen.',
    sent: 'Reklamaatio on lähetetty. Saat siitä vahvistuksen sähköpostiisi.',
  },
  respond: {
    title: 'Vastaa reklamaatioon',
    lead: 'Voit vastata kerran. Kerro oma näkemyksesi ja liitä mukaan esimerkiksi kuvakaappaus lipun tiedoista. Ostaja näkee vastauksesi; liitteesi näkee vain asiakaspalvelumme.',
    textLabel: 'Vastauksesi',
    submit: 'Lähetä vastaus',
    submitting: 'Lähetetään…',
    failed: 'Vastauksen lähettäminen epäonnistui. Yritä uudelleen.',
    sent: 'Vastauksesi on lähetetty.',
  },
  evidence: {
    label: 'Liitteet',
    choose: 'Valitse tiedostot',
    hint: `Kuvia (JPG, PNG tai WebP) tai PDF-tiedostoja, enintään ${maxEvidenceFiles} kpl ja ${evidenceMegabytes} Mt kukin. Liittäminen on vapaaehtoista.`,
    listLabel: 'Valitut liitteet',
    remove: (name: string) => `Poista ${name}`,
    tooLarge: (name: string) => `${name} on liian suuri: tiedosto voi olla enintään ${evidenceMegabytes} Mt.`,
    size: (bytes: number) =>
      bytes < 1024 * 1024
        ? `${Math.max(1, Math.round(bytes / 1024))} kt`
        : `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} Mt`,
  },
  view: {
    title: { buyer: 'Reklamaatiosi', seller: 'Ostajan reklamaatio' },
    statusLabel: 'Tila',
    reasonLabel: 'Syy',
    descriptionLabel: 'Kuvaus',
    createdLabel: 'Tehty',
    ownFilesLabel: 'Liitteesi',
    noOwnFiles: 'Ei liitteitä',
    buyerFilesForSeller: (count: number) =>
      count === 0
        ? 'Ostaja ei liittänyt reklamaatioon tiedostoja.'
        : `Ostaja liitti reklamaatioon ${files(count)}. Ne näkee vain asiakaspalvelumme.`,
    sellerFilesForBuyer: (count: number) =>
      count === 0 ? '' : `Myyjä liitti vastaukseensa ${files(count)}. Ne näkee vain asiakaspalvelumme.`,
    answerTitle: 'Myyjän vastaus',
    ownAnswerTitle: 'Vastauksesi',
    answeredOn: (date: string) => `Vastattu ${date}`,
    noAnswerYet: 'Myyjä ei ole vielä vastannut.',
    noAnswer: 'Myyjä ei vastannut reklamaatioon.',
    noOwnAnswer: 'Et vastannut reklamaatioon.',
    openNote: {
      buyer:
        'Käsittelemme reklamaation ja ilmoitamme ratkaisusta sähköpostitse. Myyjän tilitys on pidätetty siihen asti.',
      seller:
        'Tilityksesi on pidätetty, kunnes asiakaspalvelumme on käsitellyt reklamaation. Ilmoitamme ratkaisusta sähköpostitse.',
    },
    resolutionTitle: 'Ratkaisu',
    resolvedOn: (date: string) => `Ratkaistu ${date}`,
    refunded: {
      buyer: 'Reklamaatio hyväksyttiin. Saat takaisin koko maksamasi summan palvelumaksuineen.',
      seller:
        'Reklamaatio hyväksyttiin. Ostajalle palautetaan rahat, eikä kaupasta makseta sinulle tilitystä.',
    },
    rejected: {
      buyer: 'Reklamaatio hylättiin.',
      seller: 'Reklamaatio hylättiin, ja tilityksesi vapautui.',
    },
    rejectionReason: (reason: string) => `Syy: ${reason}`,
    sellerLead: 'Ostaja on tehnyt reklamaation lipusta, jonka myit.',
  },
  cards: {
    fileComplaint: 'Tee reklamaatio',
    status: (label: string) => `Reklamaatio: ${label}`,
    view: 'Näytä reklamaatio',
    sellerNotice: 'Ostaja on tehnyt reklamaation',
    answer: 'Vastaa reklamaatioon',
  },
} as const;
