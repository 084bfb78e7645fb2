import { helsinkiDate } from '../dates.ts';

/**
 * The name of a person's data export file, by the day (in Finland) it was made: the server's
 * attachment and the profile's download. Apart from the file's schema, so the profile loads no zod
 * for it.
 */
export function personalDataFileName(exportedAt: string): string {
  return `lipputori-omat-tiedot-${helsinkiDate(new Date(exportedAt))}.json`;
}
