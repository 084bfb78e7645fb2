// Buying: the purchase page's payment step and what follows it. Purchase rule and error messages
// live beside the rules in #shared/purchases/purchase.schema.ts.
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
} as const;
