import { safeSessionStorage, storageKeys } from '#client/lib/storage-keys.ts';

// The list's scroll position (spec 01 §3 scrollPosition), per history entry, so coming back from a
// ticket page puts the visitor where they were.
const prefix = storageKeys.listScrollPrefix;

export function saveListScroll(historyKey: string, y: number): void {
  safeSessionStorage.set(`${prefix}${historyKey}`, String(Math.round(y)));
}

export function savedListScroll(historyKey: string): number | undefined {
  const value = Number(safeSessionStorage.get(`${prefix}${historyKey}`));
  return Number.isFinite(value) && value > 0 ? value : undefined;
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
