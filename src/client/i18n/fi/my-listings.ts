// The seller's own listings: the profile's tab, the removal and delete dialogs and the edit page.
// Rule and server messages live beside their rules in #shared/listings/.
export const myListingsText = {
  panel: {
    loading: 'Ladataan ilmoituksia',
    loadFailed: 'Ilmoitusten lataaminen epäonnistui.',
    empty: 'Sinulla ei ole vielä myynti-ilmoituksia.',
    emptyHint: 'Aseta lippu myyntiin, niin näet sen täällä.',
    sellTicket: 'Myy lippu',
    removed: 'Lippu poistettu myynnistä',
    deleted: 'Lippu poistettu',
  },
  groups: {
    active: 'Aktiiviset',
    sold: 'Myydyt',
    ended: 'Päättyneet',
  },
  groupEmpty: {
    active: 'Ei aktiivisia ilmoituksia.',
    sold: 'Ei myytyjä lippuja.',
    ended: 'Ei päättyneitä ilmoituksia.',
  },
  status: {
    listed: 'Myynnissä',
    pending: 'Tarkastettavana',
    reserved: 'Varattu',
    sold: 'Myyty',
    expired: 'Päättynyt',
    removed: 'Poistettu myynnistä',
    rejected: 'Hylätty',
  },
  card: {
    rejectionReason: (reason: string) => `Hylkäyksen syy: ${reason}`,
    edit: 'Muokkaa',
    remove: 'Poista myynnistä',
    delete: 'Poista',
  },
  deleteDialog: {
    title: 'Poistetaanko lippu?',
    text: (eventName: string) =>
      `Ilmoitus ${eventName} ja sen lipputiedostot poistetaan pysyvästi. Ilmoitus odottaa vielä tarkastusta, joten se ei ole ollut myynnissä.`,
    cancel: 'Peruuta',
    confirm: 'Poista lippu',
    deleting: 'Poistetaan…',
  },
  removalDialog: {
    title: 'Poista lippu myynnistä',
    intro: 'Lippu poistuu myynnistä heti. Kerro vielä, miksi poistat sen.',
    reasonLabel: 'Syy',
    customReasonLabel: 'Kerro syy',
    cancel: 'Peruuta',
    confirm: 'Poista myynnistä',
    removing: 'Poistetaan…',
    failed: 'Virhe lipun poistamisessa myynnistä',
  },
  edit: {
    documentTitle: 'Muokkaa lippua – Lipputori',
    title: 'Muokkaa lippua',
    loading: 'Ladataan lippua',
    loadFailed: 'Virhe lipun lataamisessa',
    retry: 'Yritä uudelleen',
    formLabel: 'Lipun tiedot',
    eventName: 'Tapahtuma',
    sellingPrice: 'Myyntihinta',
    sellingPriceHint: (ticketCount: number) =>
      ticketCount > 1
        ? `Kaikkien ${ticketCount} lipun yhteishinta, enintään alkuperäinen hinta.`
        : 'Enintään alkuperäinen hinta.',
    originalPrice: 'Alkuperäinen hinta',
    additionalFees: 'Lipusta jo maksetut kulut',
    pricesTitle: 'Hinta ostajalle ja sinulle',
    pricesPending: 'Hinnat lasketaan, kun myyntihinta on kelvollinen.',
    listingPriceNote: 'Ostajan maksama hinta sisältää lipusta jo maksetut kulut sekä palvelun palvelumaksut.',
    additionalInfo: 'Lisätiedot',
    counter: (length: number, max: number) => `${length}/${max}`,
    filesTitle: (count: number) => (count > 1 ? 'Lipputiedostot' : 'Lipputiedosto'),
    filesNote:
      'Lipputiedostoa ei voi vaihtaa. Jos tiedostossa on virhe, poista lippu myynnistä ja aseta se myyntiin uudelleen.',
    back: 'Takaisin',
    save: 'Tallenna muutokset',
    saving: 'Tallennetaan…',
    remove: 'Poista lippu myynnistä',
    saved: 'Lippu päivitetty onnistuneesti',
    saveFailed: 'Virhe lipun päivityksessä. Yritä uudelleen.',
    notEditable: {
      reserved: 'Ostaja on varannut lipun, joten sitä ei voi nyt muokata eikä poistaa myynnistä.',
      sold: 'Lippu on myyty, joten sitä ei voi enää muokata eikä poistaa myynnistä.',
      expired: 'Ilmoitus on päättynyt, joten sitä ei voi enää muokata.',
      removed: 'Lippu on poistettu myynnistä, joten sitä ei voi enää muokata.',
      rejected: 'Ilmoitus on hylätty, joten sitä ei voi muokata. Voit asettaa lipun myyntiin uudelleen.',
    },
  },
} as const;
