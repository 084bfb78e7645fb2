/** Lower-case and strip accents, so 'Näyttely' and 'nayttely' match (search is accent-insensitive). */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}
