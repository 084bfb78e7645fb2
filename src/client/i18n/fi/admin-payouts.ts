// UI text of the admin area's payment tracking tab (spec 02 §2 "Payment tracking", §5 "Admin
// rules", §8 "Admin"). The status names and the rule messages live in #shared/admin/payouts.schema.ts.
export const adminPayoutsText = {
  title: 'Maksuseuranta',
  loading: 'Ladataan maksutietoja',
  loadFailed: 'Failed to load payment data',
  summary: {
    label: 'Maksujen tilat',
    count: (count: number) => `${count} kpl`,
  },
  toolbar: {
    filter: 'Näytä',
    all: 'Kaikki tilat',
    exportCsv: 'Vie CSV',
    bulkUpdate: (count: number) => `Päivitä tila (${count})`,
  },
  list: {
    label: 'Myydyt liput',
    empty: 'Ei myyntejä.',
    emptyFiltered: 'Ei myyntejä tällä tilalla.',
    selectAll: 'Valitse kaikki',
    selectSale: (eventName: string, purchaseDate: string) =>
      `Valitse myynti: ${eventName}, ostettu ${purchaseDate}`,
    purchaseDate: 'Ostopäivä',
    event: 'Tapahtuma',
    buyer: 'Ostaja',
    seller: 'Myyjä',
    sellerReceivable: 'Myyjän osuus',
    serviceFee: 'Palvelumaksu',
    status: 'Tila',
    openComplaint: 'Avoin reklamaatio',
    paymentDate: 'Maksupäivä',
    paymentDateAndReference: 'Maksupäivä ja viite',
    reference: 'Maksuviite',
    actions: 'Toiminnot',
    update: 'Päivitä',
    sharedIban: 'Jaettu IBAN',
    accountDeleted: 'Tili poistettu',
    none: '–',
  },
  dialog: {
    titleSingle: 'Päivitä maksun tila',
    titleBulk: (count: number) => `Päivitä ${count} myynnin tila`,
    bulkIntro:
      'Valittu tila ja huomautukset tallennetaan kaikille valituille myynneille. Maksuviitettä ei tallenneta.',
    status: 'Tila',
    reference: 'Maksuviite',
    referenceHint: 'Syötä pankin antama maksuviite',
    notes: 'Huomautukset',
    notesHint: 'Vapaaehtoinen',
    ibanTitle: 'Myyjän IBAN',
    copyIban: 'Kopioi IBAN',
    ibanCopied: 'IBAN kopioitu',
    ibanCopyFailed: 'Kopiointi ei onnistunut: valitse IBAN ja kopioi se itse.',
    checkAccount: 'Varmista, että maksat oikealle tilille',
    noIban: 'IBAN-tietoa ei ole saatavilla tälle myyjälle',
    sharedIbanTitle: (others: number) =>
      others === 1
        ? 'Sama IBAN on myös yhdellä toisella käyttäjällä'
        : `Sama IBAN on myös ${others} muulla käyttäjällä`,
    sharedIbanUsers: 'Käyttäjätunnukset:',
    sharedIbanExplain:
      'Tämä voi tarkoittaa, ettei käyttäjä enää pääse vanhalle tililleen, tai kyse voi olla huijausyrityksestä. Tarkista asia ennen maksamista.',
    cancel: 'Peruuta',
    save: 'Tallenna',
    saving: 'Tallennetaan…',
    failed: 'Failed to update payment status',
  },
  saved: 'Maksun tila päivitetty',
  savedBulk: (count: number) => `${count} myynnin tila päivitetty`,
  refused: {
    title: (count: number) => `${count} myynnin tilaa ei muutettu`,
    sale: (eventName: string, purchaseDate: string) => `${eventName}, ostettu ${purchaseDate}`,
  },
} as const;
