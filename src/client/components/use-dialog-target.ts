import { useState } from 'react';

/**
 * Which item (a listing, a file) a dialog acts on. The target stays while the dialog closes (its
 * text does not vanish mid-animation), and `key` is new at each opening, so a reopened dialog
 * starts afresh.
 */
export function useDialogTarget<T>() {
  const [state, setState] = useState<{ target: T; open: boolean; key: number } | null>(null);
  return {
    target: state?.target ?? null,
    open: state?.open ?? false,
    key: state?.key ?? 0,
    show: (target: T) => setState((previous) => ({ target, open: true, key: (previous?.key ?? 0) + 1 })),
    close: () => setState((previous) => previous && { ...previous, open: false }),
  };
}
