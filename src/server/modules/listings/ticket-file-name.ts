// Stored names of ticket PDFs (spec 02 §3 "Stored files"): unsafe characters become '_', and a
// package of several files numbers them 'Lippu_{n}_'. The name is also the file store key's last
// part, so it holds only characters every store accepts.

const maxBaseLength = 80;

/** 'Kevät konsertti.pdf', file 2 of 3 → 'Lippu_2_Kev_t_konsertti.pdf'. */
export function ticketFileName(originalName: string, fileNumber: number, totalFiles: number): string {
  const base = originalName
    .replace(/\.pdf$/i, '')
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, maxBaseLength);
  const name = `${base || 'lippu'}.pdf`;
  return totalFiles > 1 ? `Lippu_${fileNumber}_${name}` : name;
}

/** Where a listing's file lives in the file store. */
export function ticketFileKey(listingId: string, fileName: string): string {
  return `tickets/${listingId}/${fileName}`;
}

/**
 * Where a drawn page (WebP) of a stored ticket file is kept, beside the file: drawn once, shown
 * from here after (every process shares the store), deleted with the file.
 */
export function ticketPageKey(storageKey: string, page: number): string {
  return `${storageKey}.page-${page}.webp`;
}
