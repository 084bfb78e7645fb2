/**
 * The company behind the service: the about page's details, the privacy notice, the accessibility
 * statement and the receipts name it. The business ID and contact addresses come from the site
 * configuration.
 */
export const company = {
  name: 'Lipputori Oy',
  streetAddress: 'Hämeentie 15 B',
  postalAddress: '00500 Helsinki',
  domicile: 'Helsinki',
} as const;
