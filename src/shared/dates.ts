// Event times are Helsinki wall-clock times; these helpers convert without a date library.

export const appTimeZone = 'Europe/Helsinki';

const partsFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: appTimeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function helsinkiParts(instant: Date): Record<string, number> {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts;
}

/** Minutes Helsinki is ahead of UTC at the given instant (120 in winter, 180 in summer). */
function helsinkiOffsetMinutes(instant: Date): number {
  const p = helsinkiParts(instant);
  const asUtc = Date.UTC(
    p.year ?? 0,
    (p.month ?? 1) - 1,
    p.day ?? 1,
    p.hour ?? 0,
    p.minute ?? 0,
    p.second ?? 0,
  );
  return Math.round((asUtc - instant.getTime()) / 60000);
}

/** '2026-12-24' + '18:30' in Helsinki → the UTC instant. */
export function helsinkiDateTime(date: string, time: string): Date {
  const naive = new Date(`${date}T${time}:00Z`);
  const first = new Date(naive.getTime() - helsinkiOffsetMinutes(naive) * 60000);
  // Second pass settles the few hours around a daylight-saving change.
  return new Date(naive.getTime() - helsinkiOffsetMinutes(first) * 60000);
}

/** The Helsinki calendar date of an instant, as 'YYYY-MM-DD'. */
export function helsinkiDate(instant: Date): string {
  const p = helsinkiParts(instant);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** Adds whole days to a 'YYYY-MM-DD' date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
