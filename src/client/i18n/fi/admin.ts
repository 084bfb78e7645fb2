import { serviceFeePercent } from '#shared/pricing.ts';

// The admin area (spec 01 §2 "Admin entry guard", spec 02 §2 "Admin panel", §5 "Admin rules",
// §8 "Admin"): the access dialog, the listing review with its dialogs, and the log. The spec's
// English strings are its own; the payout tab's words are in admin-payouts.ts.
export const adminText = {
  documentTitle: 'Ylläpitopaneeli – Lipputori',
  title: 'Ylläpitopaneeli',
  banner: 'ADMIN AREA - Restricted Access',
  tabsLabel: 'Ylläpitopaneelin osiot',
  tabs: {
    review: (pendingCount: number | undefined) =>
      pendingCount === undefined ? 'Hyväksyttävät liput' : `Hyväksyttävät liput (${pendingCount})`,
    payouts: 'Maksuseuranta',
    audit: 'Tapahtumaloki',
    jobs: 'Taustatyöt',
    cancellations: 'Peruutukset',
    complaints: 'Reklamaatiot',
  },
  access: {
    title: 'Admin Access Required',
    keyLabel: 'Access Key',
    invalidKey: 'Invalid access key',
    cancel: 'Cancel',
    submit: 'Submit',
    checking: 'Tarkistetaan…',
  },
  review: {
    loading: 'Ladataan hyväksyttäviä lippuja',
    loadFailed: 'Failed to load pending tickets',
    empty: 'Ei hyväksyttäviä lippuja',
    approveFailed: 'Failed to approve ticket',
    rejectFailed: 'Failed to reject ticket',
    approved: (eventName: string) => `Lippu hyväksytty myyntiin: ${eventName}`,
    rejected: (eventName: string) => `Lippu hylätty: ${eventName}`,
    imageChanged: 'Kuva vaihdettu',
  },
  card: {
    changeImage: 'Vaihda kuva',
    showPdf: 'Näytä PDF',
    reject: 'Hylkää',
    approve: 'Hyväksy',
    approving: 'Hyväksytään…',
    count: (n: number) => (n === 1 ? '1 lippu' : `${n} lippua`),
    eventCancelled: 'Tapahtuma on peruttu',
    submitted: (date: string) => `Lähetetty ${date}`,
    eventType: 'Tapahtumatyyppi',
    ticketType: 'Lipputyyppi',
    seats: 'Paikat',
    noSeats: 'Ei määriteltyjä paikkoja',
    additionalInfo: 'Lisätiedot',
    pricesTitle: 'Hinnat',
    faceValue: 'Alkuperäinen hinta kuluineen',
    sellingPrice: 'Myyntihinta',
    additionalFees: 'Lipusta jo maksetut kulut',
    listingPrice: 'Ostaja maksaa',
    serviceFees: `Palvelumaksut (${serviceFeePercent} % + ${serviceFeePercent} %)`,
    sellerReceivable: 'Myyjälle tilitetään',
    sellerTitle: 'Myyjä',
    username: 'Käyttäjätunnus',
    fullName: 'Nimi',
    email: 'Sähköposti',
    iban: 'IBAN',
    noIban: 'Ei IBAN-tietoa',
    missing: '–',
  },
  check: {
    title: 'Tiedostojen tarkistus',
    file: (fileName: string, barcodes: number, pages: number | null) =>
      `${fileName}: ${barcodes === 1 ? '1 viivakoodi' : `${barcodes} viivakoodia`}${
        pages === null ? '' : `, ${pages === 1 ? '1 sivu' : `${pages} sivua`}`
      }`,
    noCode: (fileNames: string) =>
      `Tiedostosta ei löytynyt luettavaa viivakoodia: ${fileNames}. Tarkista lippu PDF:stä.`,
    bySeller: 'Myyjä on yrittänyt myydä lipun, joka on jo toisessa ilmoituksessa',
    onListing: 'Joku on yrittänyt myydä tämän ilmoituksen lipun uudelleen',
    attempt: (date: string, who: string, fileName: string, matchedBy: 'barcode' | 'file') =>
      `${date} ${who}: ${fileName} (${matchedBy === 'barcode' ? 'sama viivakoodi' : 'sama tiedosto'})`,
    existing: 'Ilmoitus:',
    existingGone: 'Ilmoitus on poistettu',
    activeContentTitle: 'Tiedostossa on sisältöä, jota lippu ei tarvitse',
    activeContent: {
      javascript: 'JavaScript-ohjelmakoodia',
      launch: 'komento avata muita ohjelmia tai tiedostoja',
      submit_form: 'lomake, joka lähettää tietoja muualle',
      embedded_files: 'liitetiedostoja (tiedostoja PDF:n sisällä)',
    },
    activeContentFile: (fileName: string, found: string) => `${fileName}: ${found}`,
    activeContentAdvice:
      'Ostaja saa tiedoston sellaisenaan. Avaa se varoen ja hylkää ilmoitus, jos liitteet eivät kuulu lippuun.',
  },
  rejectDialog: {
    title: 'Hylkää lippu',
    intro: 'Myyjä saa syyn sähköpostilla.',
    reasonLabel: 'Hylkäyksen syy',
    placeholder: 'Esim: Lippu ei täytä laatuvaatimuksia...',
    cancel: 'Peruuta',
    confirm: 'Hylkää',
    rejecting: 'Hylätään…',
  },
  files: {
    title: 'Lipputiedostot',
    loading: 'Ladataan lipputiedostoja',
    view: 'Näytä',
    viewFile: (fileName: string) => `Näytä ${fileName}`,
    download: 'Lataa',
    downloadFile: (fileName: string) => `Lataa ${fileName}`,
    downloadAll: 'Lataa kaikki',
    notFound: 'Lipputiedostoja ei löytynyt',
    loadFailed: 'Lipputiedostojen lataaminen epäonnistui',
  },
  viewer: {
    loading: 'Ladataan lipputiedostoa',
    pages: (fileName: string) => `Lipputiedoston ${fileName} sivut`,
    page: (page: number, pageCount: number) => `Sivu ${page} / ${pageCount}`,
    download: 'Lataa PDF',
    openInTab: 'Avaa uudessa välilehdessä',
    back: 'Takaisin tiedostoihin',
    close: 'Sulje',
    notFound: 'Lipputiedostoa ei löytynyt',
    loadFailed: 'Lipputiedoston lataaminen epäonnistui',
  },
  imageDialog: {
    title: 'Vaihda kuva',
    tabsLabel: 'Kuvan lähde',
    categories: 'Kategoriakuvat',
    uploaded: 'Ladatut kuvat',
    loading: 'Ladataan kuvia',
    loadFailed: 'Kuvien lataaminen epäonnistui',
    noUploads: 'Ladattuja kuvia ei vielä ole.',
    categoryImage: (label: string, n: number) => `${label}, kuva ${n}`,
    uploadedImage: (name: string) => `Ladattu kuva ${name}`,
    upload: 'Lataa uusi kuva',
    uploadHint: 'JPG, PNG tai WebP, enintään 10 Mt. Kuva muunnetaan WebP-muotoon.',
    chosenFile: (name: string) => `Valittu tiedosto: ${name}`,
    invalidType: 'Please select a valid image file',
    tooLarge: 'File size must be less than 10MB',
    uploadFailed: 'Upload failed',
    readFailed: 'Failed to read file',
    cancel: 'Peruuta',
    update: 'Päivitä kuva',
    updating: 'Päivitetään…',
  },
  audit: {
    title: 'Tapahtumaloki',
    intro: 'Ylläpitäjien viimeisimmät toimet, uusin ensin.',
    loading: 'Ladataan tapahtumalokia',
    loadFailed: 'Tapahtumalokin lataaminen epäonnistui',
    empty: 'Ei kirjattuja tapahtumia.',
    actions: {
      'admin.access': 'Avasi ylläpitopaneelin',
      'listing.approve': 'Hyväksyi lipun',
      'listing.reject': 'Hylkäsi lipun',
      'listing.image': 'Vaihtoi lipun kuvan',
      'payout.update': 'Päivitti maksun tilan',
      'admin.grant': 'Teki käyttäjästä ylläpitäjän',
      'admin.revoke': 'Poisti käyttäjän ylläpito-oikeudet',
      'event.cancel': 'Merkitsi tapahtuman peruutetuksi',
      'complaint.refund': 'Hyväksyi reklamaation ja palautti rahat ostajalle',
      'complaint.reject': 'Hylkäsi reklamaation',
    },
    entities: {
      listing: 'Lippu',
      sale: 'Myynti',
      admin: 'Ylläpitäjä',
      user: 'Käyttäjä',
      cancellation: 'Peruutus',
    } as Record<string, string>,
    /** An `npm run admin` command on the server: who ran it. */
    operator: (who: string) => `Palvelimen komentorivi (${who})`,
    change: (field: string, before: string, after: string) => `${field}: ${before} → ${after}`,
    emptyValue: 'tyhjä',
  },
  cancellations: {
    title: 'Peruutetut tapahtumat',
    intro:
      'Kun tapahtuma perutaan, jokaisen myydyn lipun ostaja saa koko maksunsa takaisin maksunvälittäjän kautta, myyjän tilitys perutaan ja myymättömät ilmoitukset poistetaan myynnistä. Ostajat ja myyjät saavat sähköpostin. Työ etenee taustalla ilmoitus kerrallaan.',
    searchLabel: 'Hae tapahtumaa nimellä tai paikkakunnalla',
    searchHint: 'Kirjoita vähintään kaksi merkkiä.',
    searching: 'Haetaan tapahtumia',
    searchFailed: 'Tapahtumien haku epäonnistui',
    noEvents: 'Hakuun sopivia tapahtumia ei löytynyt.',
    choose: 'Valitse',
    chosen: 'Valittu',
    listingsOf: (sold: number, listed: number, pending: number) =>
      `${sold} myyty · ${listed} myynnissä · ${pending} tarkistettavana`,
    listingsLegend: 'Peruutus koskee näitä ilmoituksia',
    status: { sold: 'Myyty', listed: 'Myynnissä', pending: 'Tarkistettavana' } as Record<string, string>,
    summary: (refunds: number, refundCents: string, withdrawals: number) =>
      `${refunds} myytyä ilmoitusta hyvitetään ostajille (yhteensä ${refundCents}), ${withdrawals} ilmoitusta poistetaan myynnistä.`,
    reasonLabel: 'Peruutuksen syy (näytetään ostajille ja myyjille)',
    submit: 'Peru tapahtuma',
    confirmTitle: 'Perutaanko tapahtuma?',
    confirmText: (eventName: string) =>
      `${eventName}: ostajille palautetaan heidän maksunsa ja ilmoitukset poistetaan myynnistä. Peruutusta ei voi perua.`,
    confirm: 'Kyllä, peru tapahtuma',
    cancel: 'Takaisin',
    created: 'Peruutus aloitettu. Hyvitykset etenevät taustalla.',
    failed: 'Peruutuksen aloittaminen epäonnistui. Yritä uudelleen.',
    listTitle: 'Tehdyt peruutukset',
    loading: 'Ladataan peruutuksia',
    loadFailed: 'Peruutusten lataaminen epäonnistui',
    empty: 'Yhtään tapahtumaa ei ole peruttu.',
    done: 'Valmis',
    running: 'Käynnissä',
    needsAction: 'Vaatii toimia',
    progressLabel: (eventName: string) => `Peruutuksen eteneminen: ${eventName}`,
    /** Refunded counts only what the payment provider confirmed; under way is asked but not yet confirmed. */
    progress: (p: {
      confirmed: number;
      refunded: number;
      failed: number;
      withdrawn: number;
      waiting: number;
    }) =>
      [
        `Hyvitetty ${p.confirmed}/${p.refunded}`,
        p.refunded - p.confirmed - p.failed > 0 && `käynnissä ${p.refunded - p.confirmed - p.failed}`,
        p.failed > 0 && `epäonnistui ${p.failed}`,
        `poistettu myynnistä ${p.withdrawn}`,
        `odottaa ${p.waiting}`,
      ]
        .filter(Boolean)
        .join(' · '),
    failedRefund: (amount: string) => `Hyvitys ${amount} epäonnistui`,
    reasonShown: (reason: string) => `Syy: ${reason}`,
  },
  complaints: {
    title: 'Reklamaatiot',
    intro:
      'Ostajien reklamaatiot ostamistaan lipuista. Reklamaatio pidättää myyjän tilityksen, kunnes se on ratkaistu: hyväksytyssä ostaja saa koko maksunsa takaisin palvelumaksuineen ja tilitys perutaan, hylätyssä tilitys vapautuu. Ostaja ja myyjä saavat ratkaisusta sähköpostin.',
    filterLabel: 'Näytä',
    all: 'Kaikki',
    loading: 'Ladataan reklamaatioita',
    loadFailed: 'Reklamaatioiden lataaminen epäonnistui',
    empty: 'Ei reklamaatioita.',
    eventDate: 'Tapahtuma',
    purchaseDate: 'Ostettu',
    createdAt: 'Reklamaatio tehty',
    pricePaid: 'Ostaja maksoi',
    sellerReceivable: 'Myyjälle tilitettävä',
    payout: 'Tilitys',
    buyer: 'Ostaja',
    seller: 'Myyjä',
    reason: 'Syy',
    description: 'Kuvaus',
    buyerEvidence: 'Ostajan liitteet',
    sellerEvidence: 'Myyjän liitteet',
    noEvidence: 'Ei liitteitä',
    sellerResponse: 'Myyjän vastaus',
    noResponse: 'Myyjä ei ole vastannut.',
    respondedAt: (date: string) => `Vastattu ${date}`,
    supportCase:
      'Tukitapaus: myyjälle oli jo maksettu tilitys, kun reklamaatio tehtiin. Jos rahat palautetaan ostajalle, summa on perittävä myyjältä.',
    resolution: 'Ratkaisu',
    resolvedRefund: (date: string) => `Rahat palautettu ostajalle ${date}`,
    resolvedReject: (date: string) => `Hylätty ${date}`,
    rejectionReason: (reason: string) => `Syy: ${reason}`,
    refund: 'Palauta rahat ostajalle',
    reject: 'Hylkää reklamaatio',
    refundTitle: 'Palautetaanko rahat ostajalle?',
    refundText: (eventName: string, paid: string, sellerAmount: string) =>
      `${eventName}: ostajalle palautetaan koko maksettu summa ${paid} palvelumaksuineen, ja myyjän tilitys (${sellerAmount}) perutaan. Ostaja ja myyjä saavat päätöksestä sähköpostin. Päätöstä ei voi perua.`,
    refundConfirm: 'Palauta rahat',
    refunding: 'Palautetaan…',
    cancel: 'Takaisin',
    rejectTitle: 'Hylkää reklamaatio',
    rejectIntro:
      'Kerro syy: ostaja ja myyjä saavat sen sähköpostitse. Myyjän tilitys vapautuu, ellei maksunvälittäjä pidätä sitä.',
    rejectReasonLabel: 'Hylkäämisen syy',
    rejecting: 'Hylätään…',
    failed: 'Ratkaisun tallentaminen epäonnistui. Yritä uudelleen.',
    refunded: (eventName: string) => `Rahat palautetaan ostajalle: ${eventName}`,
    rejected: (eventName: string) => `Reklamaatio hylätty: ${eventName}`,
  },
  jobs: {
    title: 'Taustatyöt',
    intro:
      'Palvelimen ajastetut työt: kukin ajetaan kerran jaksossaan, vaikka palvelinprosesseja olisi useita. Epäonnistunut ajo yritetään uudelleen kasvavin välein.',
    loading: 'Ladataan taustatöitä',
    loadFailed: 'Taustatöiden lataaminen epäonnistui',
    notRunning: 'Tämä palvelinprosessi ei aja taustatöitä.',
    labels: {
      'deliver-outbox': 'Sähköpostien lähetys',
      'expire-past-listings': 'Menneiden tapahtumien liput pois myynnistä',
      'purge-expired-account-rows': 'Vanhentuneiden istuntojen ja koodien siivous',
      'purge-account-archives': 'Poistettujen tilien tietojen poisto säilytysajan jälkeen',
      'apply-payout-rule': 'Tilitysten vapautus maksettaviksi',
      'reconcile-stored-files': 'Tarpeettomien tiedostojen siivous',
      'sweep-payment-reservations': 'Vanhentuneiden varausten ja maksujen tarkistus',
      'send-sale-refunds': 'Kesken jääneiden hyvitysten lähetys maksunvälittäjälle',
      'process-event-cancellations': 'Peruttujen tapahtumien hyvitykset ja poistot',
      'deliver-local-payment-events': 'Testimaksujen tapahtumien toimitus',
      'purge-ended-rate-limit-windows': 'Päättyneiden pyyntörajojen siivous',
    } as Record<string, string>,
    every: (minutes: number) =>
      minutes === 1
        ? 'Joka minuutti'
        : minutes < 60
          ? `${minutes} minuutin välein`
          : minutes === 60
            ? 'Kerran tunnissa'
            : minutes === 24 * 60
              ? 'Kerran vuorokaudessa'
              : `${minutes / 60} tunnin välein`,
    lastStarted: 'Viimeksi aloitettu',
    lastFinished: 'Viimeksi valmistunut',
    nextRun: 'Seuraava ajo',
    failures: 'Epäonnistumisia 24 h',
    never: 'ei vielä',
    outcome: { ok: 'Onnistui', failed: 'Epäonnistui', none: 'Ei ajettu', running: 'Käynnissä' },
    lastError: 'Viimeisin virhe',
    needsAttention: 'Odottaa ylläpitoa',
    attentionOutcome: 'Vaatii toimia',
    attention: {
      'send-sale-refunds': (n: number) =>
        n === 1
          ? '1 hyvitys epäonnistui pysyvästi ja odottaa ylläpitoa. Katso hyvitykset sivun yläosasta.'
          : `${n} hyvitystä epäonnistui pysyvästi ja odottaa ylläpitoa. Katso hyvitykset sivun yläosasta.`,
    } as Record<string, (n: number) => string>,
    attentionDefault: (n: number) =>
      n === 1 ? '1 asia odottaa ylläpitoa.' : `${n} asiaa odottaa ylläpitoa.`,
  },
  /** Refunds the payment provider refused for good: the alert over every tab (docs/decisions/035). */
  failedRefunds: {
    title: (n: number) =>
      n === 1 ? 'Hyvitys ostajalle epäonnistui' : `${n} hyvitystä ostajille epäonnistui`,
    intro:
      'Maksunvälittäjä ei hyväksynyt hyvitystä, eikä sitä yritetä enää itsestään. Ostaja näkee profiilissaan, ettei palautus onnistunut. Selvitä virhe ja yritä uudelleen, tai palauta raha muuta kautta ja ota yhteyttä ostajaan.',
    listLabel: 'Epäonnistuneet hyvitykset',
    reason: { event_cancelled: 'peruttu tapahtuma', complaint: 'hyväksytty reklamaatio' } as Record<
      string,
      string
    >,
    error: 'Maksunvälittäjän virhe',
    retry: 'Yritä uudelleen',
    retryLabel: (eventName: string, amount: string) => `Yritä hyvitystä uudelleen: ${eventName}, ${amount}`,
    retrying: 'Yritetään…',
    sent: 'Hyvitys lähetettiin maksunvälittäjälle. Ostaja saa viestin, kun palautus on vahvistettu.',
    stillFailing: 'Maksunvälittäjä hylkäsi hyvityksen uudelleen. Virhe näkyy alla.',
    retryFailed: 'Uutta yritystä ei voitu tehdä. Päivitä sivu ja yritä uudelleen.',
  },
} as const;
