// UI text of buying. Rule and server messages live beside their rules in #shared/purchases/.
export const purchasesText = {
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
    retry: 'Yritä uudelleen',
    emptyText:
      'Ostamasi liput tulevat näkyviin tähän. Täältä voit avata ja ladata lipun PDF-tiedoston oston jälkeen.',
    browseTickets: 'Selaa lippuja',
    price: 'Hinta',
    purchaseDate: 'Ostopäivä',
    view: 'Näytä lippu',
    download: (fileCount: number) => (fileCount > 1 ? 'Lataa liput' : 'Lataa lippu'),
  },
} as const;
