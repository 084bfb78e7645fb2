export const contactText = {
  formTitle: 'Lähetä meille viesti',
  name: 'Nimi',
  email: 'Sähköposti',
  subject: 'Aihe',
  message: 'Viesti',
  send: 'Lähetä viesti',
  sending: 'Lähetetään…',
  success: 'Kiitos viestistäsi! Vastaamme sinulle mahdollisimman pian, arkisin klo 9–12.',
  failure: 'Viestin lähetys epäonnistui. Yritä myöhemmin uudelleen.',
} as const;
