import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { autoOpenDelayMs, rememberShown, shouldAutoOpen } from './newsletter-timing.ts';

// The dialog (and the zod schema it validates with) loads only when it first opens.
const NewsletterDialog = lazy(() => import('./components/newsletter-dialog.tsx'));

interface NewsletterDialogControls {
  openNewsletter(): void;
}

const NewsletterContext = createContext<NewsletterDialogControls>({ openNewsletter: () => {} });

export function useNewsletterDialog(): NewsletterDialogControls {
  return useContext(NewsletterContext);
}

/**
 * Owns the newsletter dialog: opened from the menu and footer, or by itself 15 s after the page
 * opened. While `holdAutoOpen` (the cookie banner waits for an answer, or the page is not a
 * browsing page) it does not open by itself: one interruption at a time, never over money, and
 * the 15 s count from when the hold ends (the banner answered, a browsing page reached).
 */
export function NewsletterProvider({
  children,
  holdAutoOpen,
}: {
  children: ReactNode;
  holdAutoOpen: boolean;
}) {
  const [open, setOpen] = useState(false);
  // Each opening mounts a fresh dialog (key), so an earlier error or typed address is not shown again.
  const [openCount, setOpenCount] = useState(0);

  const openNewsletter = useCallback(() => {
    rememberShown();
    setOpenCount((count) => count + 1);
    setOpen(true);
  }, []);

  const close = useCallback(() => {
    rememberShown();
    setOpen(false);
  }, []);

  useEffect(() => {
    if (holdAutoOpen) return;
    const timer = window.setTimeout(() => {
      if (shouldAutoOpen()) openNewsletter();
    }, autoOpenDelayMs);
    return () => window.clearTimeout(timer);
  }, [openNewsletter, holdAutoOpen]);

  const controls = useMemo(() => ({ openNewsletter }), [openNewsletter]);
  return (
    <NewsletterContext value={controls}>
      {children}
      {openCount > 0 && (
        <Suspense fallback={null}>
          <NewsletterDialog key={openCount} open={open} onClose={close} />
        </Suspense>
      )}
    </NewsletterContext>
  );
}
