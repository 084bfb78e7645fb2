import { formatEuros } from '#shared/money.ts';
import { serviceFeeVatRateText } from '#shared/pricing.ts';

// Buying: the purchase page /osta, its test-mode and Stripe card forms, the payment wait page, the
// success page and the profile's bought tickets. Messages of the server's error codes live in
// #shared/errors.ts, card errors in #shared/purchases/payment-messages.ts.
export const purchasesText = {
  checkout: {
    documentTitle: 'Osta lippu – Lipputori',
    title: 'Osta lippu',
    steps: ['Vahvista tiedot', 'Maksu'],
    back: 'Takaisin',
    next: 'Seuraava',
    summaryLead: 'Tarkista lipun tiedot ja hinta ennen maksamista.',
    priceTitle: 'Hinta',
    priceNote: `Hinta sisältää kaikki kulut: lippujen hinnan ja palvelumaksun. Muita maksuja ei tule. Palvelumaksu sisältää arvonlisäveron ${serviceFeeVatRateText}; lipun hinta on yksityisen myyjän hinta, eikä siihen sisälly arvonlisäveroa.`,
    reserving: 'Varataan lippua sinulle…',
    heldFor: 'Lippu on varattu sinulle',
    timeLeft: 'Aikaa maksaa',
    timerLabel: (time: string) => `Varausta jäljellä ${time}`,
    expired: 'Varausaikasi päättyi. Päivitä sivu ja yritä uudelleen.',
    refresh: 'Päivitä sivu',
    retry: 'Yritä uudelleen',
    toTicket: 'Takaisin lippuun',
    paymentTitle: 'Maksutiedot',
    total: 'Maksettava yhteensä',
    retryPayment: 'Maksu epäonnistui, ole hyvä ja yritä uudelleen.',
    unexpectedPayment: 'Odottamaton maksuvirhe. Yritä uudelleen.',
    formLoading: 'Ladataan maksulomaketta',
    formLoadFailed: 'Maksulomakkeen lataaminen epäonnistui. Päivitä sivu ja yritä uudelleen.',
    pay: (cents: number) => `Maksa ${formatEuros(cents)}`,
    paying: 'Maksetaan…',
  },
  testCardForm: {
    formLabel: 'Korttimaksu (testitila)',
    testMode: 'Testitila — oikeaa rahaa ei veloiteta',
    testModeLead:
      'Tämä palvelu on testitilassa. Maksa jollakin alla olevista testikorteista: voimassaoloajaksi käy mikä tahansa tuleva kuukausi ja turvakoodiksi mitkä tahansa kolme numeroa.',
    cardsLabel: 'Testikortit',
    cards: {
      succeeds: 'Maksu onnistuu',
      declined: 'Kortti hylätään',
      insufficientFunds: 'Kortilla ei ole katetta',
      refundFails: 'Maksu onnistuu, palautus epäonnistuu',
      requiresAction: 'Vaatii lisävahvistuksen',
      processing: 'Maksu jää käsittelyyn',
    },
    useCard: 'Käytä',
    useCardLabel: (outcome: string) => `Käytä testikorttia: ${outcome}`,
    cardNumber: 'Kortin numero',
    expiry: 'Voimassa (KK/VV)',
    expiryPlaceholder: 'KK/VV',
    cvc: 'Turvakoodi (CVC)',
    name: 'Kortinhaltijan nimi',
    email: 'Sähköposti kuittia varten',
    failed: 'Maksua ei voitu käsitellä. Yritä uudelleen.',
  },
  paymentWait: {
    documentTitle: 'Maksua käsitellään – Lipputori',
    title: 'Ostopyyntö vastaanotettu',
    event: 'Tapahtuma',
    price: 'Hinta',
    checking: 'Käsitellään maksua',
    checkingNote: 'Älä sulje tätä sivua. Tarkistamme maksusi tilan, tämä kestää yleensä muutaman sekunnin.',
    panels: {
      declined: {
        title: 'Maksu hylättiin',
        message: 'Korttiasi ei veloitettu. Tarkista kortin tiedot tai käytä toista korttia.',
      },
      requiresAction: {
        title: 'Toimenpiteitä vaaditaan',
        message:
          'Maksu vaatii lisävahvistuksen, esimerkiksi pankkisi tunnistautumisen, eikä sitä saatu valmiiksi. Palaa takaisin ja yritä uudelleen.',
      },
      processing: {
        title: 'Maksu käsittelyssä',
        message:
          'Maksusi käsittely kestää tavallista kauemmin. Saat kuitin sähköpostiisi, kun maksu on vahvistettu, ja lippu näkyy sen jälkeen profiilissasi.',
      },
      canceled: {
        title: 'Maksu peruutettu',
        message: 'Maksu peruutettiin, eikä korttiasi veloitettu. Voit yrittää ostaa lipun uudelleen.',
      },
      verificationError: {
        title: 'Maksun tarkistus epäonnistui',
        message: 'Emme saaneet maksusi tilaa tarkistettua. Yritä uudelleen.',
      },
      network: {
        title: 'Virhe verkossa',
        message: 'Yhteys palvelimeen katkesi. Tarkista internet-yhteytesi ja yritä uudelleen.',
      },
      refunded: {
        title: 'Maksu palautettu',
        message:
          'Lippu ehti mennä toiselle ostajalle sillä aikaa, kun maksuasi käsiteltiin. Maksu on palautettu kortillesi, ja saat siitä vahvistuksen sähköpostiisi.',
      },
      reservationExpired: {
        title: 'Varausaika päättyi',
        message:
          'Varausaikasi päättyi ennen kuin maksu vahvistui, eikä korttiasi veloitettu. Voit yrittää ostaa lipun uudelleen, jos se on yhä myynnissä.',
      },
      unknown: {
        title: 'Virhe maksun käsittelyssä',
        message:
          'Odottamaton maksuvirhe. Tarkistamme maksun tilan uudelleen, kun yrität uudelleen. Jos korttiasi veloitettiin, ota yhteyttä asiakaspalveluun.',
      },
    },
    actions: {
      retryPayment: 'Yritä maksua uudelleen',
      back: 'Takaisin',
      home: 'Palaa etusivulle',
      retry: 'Yritä uudelleen',
    },
  },
  purchaseSuccess: {
    documentTitle: 'Kiitos ostoksestasi – Lipputori',
    title: 'Kiitos ostoksestasi!',
    note: 'Voit ladata lipun profiilistasi kohdasta Ostetut liput. Lähetimme kuitin myös sähköpostiisi.',
    summary: 'Ostoksesi',
    event: 'Tapahtuma',
    ticketId: 'Lipun tunnus',
    amount: 'Summa (sis. alv)',
    toProfile: 'Siirry profiiliin',
    home: 'Palaa etusivulle',
    looking: 'Haetaan maksun tietoja',
    lookupTitle: 'Maksun tila',
    processing: 'Maksua käsitellään...',
    processingNote: 'Saat kuitin sähköpostiisi, kun maksu on vahvistettu.',
    retry: 'Maksu epäonnistui, ole hyvä ja yritä uudelleen.',
    retryAction: 'Yritä uudelleen',
    somethingWrong: 'Jotain meni pieleen.',
    lookupFailed: 'Maksun vahvistamisessa tapahtui virhe.',
  },
  /** The Stripe Payment Element form of the payment step (PAYMENT_PROVIDER=stripe). */
  stripeForm: {
    formLabel: 'Maksutiedot',
    loading: 'Ladataan maksulomaketta…',
    paying: 'Maksetaan…',
    /** Put before Stripe's own (Finnish) reason for a card error. */
    cardDeclined: 'Korttisi hylättiin.',
    failedTitle: 'Maksu epäonnistui',
    unexpected: 'Odottamaton maksuvirhe',
  },
  /** The profile's "Ostetut liput" tab. */
  boughtTickets: {
    title: 'Ostetut liput',
    loading: 'Ladataan ostettuja lippuja',
    loadFailed: 'Ostettujen lippujen lataaminen epäonnistui.',
    emptyText:
      'Ostamasi liput tulevat näkyviin tähän. Täältä voit avata ja ladata lipun PDF-tiedoston oston jälkeen.',
    browseTickets: 'Selaa lippuja',
    price: 'Hinta',
    purchaseDate: 'Ostopäivä',
    view: 'Näytä lippu',
    download: (fileCount: number) => (fileCount > 1 ? 'Lataa liput' : 'Lataa lippu'),
  },
  /** A refunded purchase, on its card and its ticket page (docs/decisions/035). */
  refund: {
    title: 'Palautus',
    regionLabel: (eventName: string) => `Palautus: ${eventName}`,
    state: {
      under_way: 'Palautus käynnissä',
      refunded: 'Palautettu',
      failed: 'Palautus ei onnistunut',
    },
    reason: {
      event_cancelled: 'Tapahtuma on peruttu.',
      complaint: 'Reklamaatiosi hyväksyttiin.',
      provider: 'Maksusi palautettiin.',
    },
    date: {
      under_way: 'Pyydetty',
      refunded: 'Palautettu',
      failed: 'Pyydetty',
    },
    explain: {
      under_way:
        'Olemme pyytäneet maksunvälittäjää palauttamaan maksusi kortille, jolla maksoit. Saat sähköpostin, kun palautus on tehty.',
      refunded: 'Palautus näkyy tililläsi yleensä 5–10 pankkipäivän kuluessa.',
      failed:
        'Maksunvälittäjä ei hyväksynyt palautusta. Selvitämme asian ja otamme sinuun yhteyttä; sinun ei tarvitse tehdä mitään.',
    },
    noDownload: (fileCount: number) =>
      fileCount === 1
        ? 'Lippua ei voi enää ladata, koska kauppa on peruttu.'
        : 'Lippuja ei voi enää ladata, koska kauppa on peruttu.',
  },
} as const;
