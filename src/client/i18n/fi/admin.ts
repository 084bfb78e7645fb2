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
    },
    entities: { listing: 'Lippu', sale: 'Myynti', admin: 'Ylläpitäjä', user: 'Käyttäjä' } as Record<
      string,
      string
    >,
    /** An `npm run admin` command on the server: who ran it. */
    operator: (who: string) => `Palvelimen komentorivi (${who})`,
    change: (field: string, before: string, after: string) => `${field}: ${before} → ${after}`,
    emptyValue: 'tyhjä',
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
  },
} as const;
