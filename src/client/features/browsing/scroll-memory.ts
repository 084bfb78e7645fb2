import { safeSessionStorage, storageKeys } from '#client/lib/storage-keys.ts';

// The list's scroll position (spec 01 §3 scrollPosition), per history entry, so coming back from a
// ticket page puts the visitor where they were.
const prefix = storageKeys.listScrollPrefix;

export function saveListScroll(historyKey: string, y: number): void {
  safeSessionStorage.set(`${prefix}${historyKey}`, String(Math.round(y)));
}

function savedListScroll(historyKey: string): number | undefined {
  const value = Number(safeSessionStorage.get(`${prefix}${historyKey}`));
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * The card opened from a list, and how far from the top of the screen it was. Coming back puts
 * that card at that place again: more reliable than the scroll position alone, which misses when
 * anything above the card has changed height in between (the hero, a banner, fonts).
 */
export function saveOpenedCard(historyKey: string, ticketId: string, topInViewport: number): void {
  const card: OpenedCard = { ticketId, top: Math.round(topInViewport), y: Math.round(window.scrollY) };
  safeSessionStorage.set(`${prefix}${historyKey}:card`, JSON.stringify(card));
  // The position too: a tap right after a scroll comes before the scroll's own save.
  saveListScroll(historyKey, window.scrollY);
}

interface OpenedCard {
  ticketId: string;
  top: number;
  /** The scroll position when it was opened: a later scroll of the list outdates the card. */
  y: number;
}

function savedOpenedCard(historyKey: string): OpenedCard | undefined {
  try {
    const value = JSON.parse(
      safeSessionStorage.get(`${prefix}${historyKey}:card`) ?? 'null',
    ) as Partial<OpenedCard>;
    if (typeof value?.ticketId === 'string' && typeof value.top === 'number' && typeof value.y === 'number') {
      return { ticketId: value.ticketId, top: value.top, y: value.y };
    }
  } catch {
    // A damaged entry is no entry.
  }
  return undefined;
}

/**
 * Puts the list back as the visitor left it: the card they opened at the same place on the screen
 * (and focused, so the keyboard goes on from there), else the last scroll position.
 */
export function restoreListPlace(historyKey: string): void {
  const y = savedListScroll(historyKey) ?? 0;
  const card = savedOpenedCard(historyKey);
  const element =
    card && Math.abs(card.y - y) < 2
      ? document.querySelector<HTMLElement>(`a.ticket-card[href="/liput/${CSS.escape(card.ticketId)}"]`)
      : null;
  if (!element || !card) {
    if (y > 0) window.scrollTo({ top: y, behavior: 'instant' });
    return;
  }
  window.scrollTo({
    top: window.scrollY + element.getBoundingClientRect().top - card.top,
    behavior: 'instant',
  });
  element.focus({ preventScroll: true });
}

/** Runs after the layout's own scroll-to-top of a path change has started, so this one wins. */
export function afterNextPaint(callback: () => void): () => void {
  let second = 0;
  const first = window.requestAnimationFrame(() => {
    second = window.requestAnimationFrame(callback);
  });
  return () => {
    window.cancelAnimationFrame(first);
    window.cancelAnimationFrame(second);
  };
}
