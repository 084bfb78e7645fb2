import { useCallback, useState } from 'react';

/**
 * Which item (a listing, a file) a dialog acts on. The target stays while the dialog closes (its
 * text does not vanish mid-animation), and `key` is new at each opening, so a reopened dialog
 * starts afresh. `show` and `close` stay the same functions: memoised lists of cards take them.
 */
export function useDialogTarget<T>() {
  const [state, setState] = useState<{ target: T; open: boolean; key: number } | null>(null);
  const show = useCallback(
    (target: T) => setState((previous) => ({ target, open: true, key: (previous?.key ?? 0) + 1 })),
    [],
  );
  const close = useCallback(() => setState((previous) => previous && { ...previous, open: false }), []);
  return {
    target: state?.target ?? null,
    open: state?.open ?? false,
    key: state?.key ?? 0,
    show,
    close,
  };
}
