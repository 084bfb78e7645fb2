// Money is integer cents everywhere; these helpers are the only place it becomes text.

const euroFormatter = new Intl.NumberFormat('fi-FI', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 123450 → '1 234,50 €' (fi-FI uses a no-break space as the group and currency separator). */
export function formatEuros(cents: number): string {
  return euroFormatter.format(cents / 100);
}
