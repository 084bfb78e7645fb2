// Money is integer cents everywhere; these helpers are the only place it becomes text.

const noBreakSpace = '\u00a0';

/**
 * 123450 → '1 234,50 €', as fi-FI writes it: a no-break space groups the thousands and comes
 * before the sign; a minus is '−'. Written out rather than through Intl.NumberFormat, which takes
 * tens of milliseconds to make on a phone while the page starts (and this way the server's and the
 * browser's text are the same to the character).
 */
export function formatEuros(cents: number): string {
  const whole = Math.abs(Math.round(cents));
  const euros = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, noBreakSpace);
  const minus = Math.round(cents) < 0 ? '\u2212' : '';
  return `${minus}${euros},${String(whole % 100).padStart(2, '0')}${noBreakSpace}€`;
}
