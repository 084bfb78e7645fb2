import Alert, { type AlertColor } from '@mui/material/Alert';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { common } from '#client/i18n/fi/common.ts';
import { trackEvent } from '#client/lib/analytics.ts';

const MessageSnackbar = lazy(() => import('./message-snackbar.tsx'));

/**
 * To the top on every path change (not on query-only changes), at once as a browser does: a smooth
 * scroll still under way when the visitor went back carried the list off the place the home page
 * had put it back to.
 */
export function ScrollToTopOnPathChange() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}

/** Reports each page view to analytics (sent only with the visitor's consent). */
export function PageViewTracker() {
  const { pathname } = useLocation();
  useEffect(() => {
    trackEvent({ category: 'navigation', action: 'page_view', label: pathname });
  }, [pathname]);
  return null;
}

/** Navigation state that asks for a snackbar: `navigate(to, { state: { message, severity } })`. */
interface SnackbarState {
  message?: string;
  severity?: AlertColor;
}

/** Shows the message from navigation state for 6 s and removes it from the history entry. */
export function NavigationSnackbar() {
  const location = useLocation();
  const navigate = useNavigate();
  const [shown, setShown] = useState<{ message: string; severity: AlertColor } | null>(null);
  const [messageSeen, setMessageSeen] = useState(false);

  useEffect(() => {
    const state = location.state as SnackbarState | null;
    if (!state?.message) return;
    setShown({ message: state.message, severity: state.severity ?? 'success' });
    setMessageSeen(true);
    const { message: _message, severity: _severity, ...rest } = state;
    navigate(`${location.pathname}${location.search}${location.hash}`, {
      replace: true,
      state: Object.keys(rest).length > 0 ? rest : null,
    });
  }, [location, navigate]);

  // Its code comes with the first message (most visits have none); once loaded it stays, so
  // it can animate out.
  if (!messageSeen) return null;
  return (
    <Suspense fallback={null}>
      <MessageSnackbar shown={shown} onClose={() => setShown(null)} />
    </Suspense>
  );
}

/** Translation tools (Google Translate, Edge) rewrite the DOM and break payment fields: warn. */
function translationDetected(): boolean {
  const html = document.documentElement;
  return (
    html.classList.contains('translated-ltr') ||
    html.classList.contains('translated-rtl') ||
    (html.lang !== '' && !html.lang.toLowerCase().startsWith('fi')) ||
    document.querySelector('[_msttexthash], .goog-te-banner-frame') !== null
  );
}

export function TranslationWarning() {
  const [translated, setTranslated] = useState(false);
  useEffect(() => {
    const check = () => setTranslated(translationDetected());
    check();
    const observer = new MutationObserver(check);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'lang'] });
    return () => observer.disconnect();
  }, []);
  if (!translated) return null;
  return (
    <Alert severity="warning" role="alert" sx={{ borderRadius: 0 }}>
      {common.translationWarning}
    </Alert>
  );
}
