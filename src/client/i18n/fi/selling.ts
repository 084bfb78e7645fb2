// Selling: the sell wizard and its parts.
export const sellingText = {
  /** The event search box of the wizard's first step (spec 02 §2 "Event search box"). */
  eventSearch: {
    label: 'Tapahtuman nimi',
    placeholder: 'Hae tapahtumaa...',
    hint: 'Hae tapahtumaa. Mikäli sitä ei löydy, voit täyttää tiedot itse.',
    searching: 'Haetaan tapahtumia…',
    clear: 'Tyhjennä',
    close: 'Sulje',
    open: 'Avaa',
  },
} as const;
