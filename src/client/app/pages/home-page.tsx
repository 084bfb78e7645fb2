import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef } from 'react';
import { Link as RouterLink, useLocation, useNavigationType, useSearchParams } from 'react-router';
import { SafetySection } from '#client/features/browsing/components/safety-section.tsx';
import {
  CategoryLinks,
  SortSelect,
  TicketSearch,
} from '#client/features/browsing/components/ticket-filters.tsx';
import { TicketGrid } from '#client/features/browsing/components/ticket-grid.tsx';
import {
  type FilterCategory,
  type ListParams,
  readListParams,
  writeListParams,
} from '#client/features/browsing/list-params.ts';
import { afterNextPaint, restoreListPlace, saveListScroll } from '#client/features/browsing/scroll-memory.ts';
import { browsingText as t } from '#client/i18n/fi/browsing.ts';
import { common } from '#client/i18n/fi/common.ts';

const HomeFaq = lazy(() => import('./home-faq.tsx'));

function scrollToTickets(): void {
  document.getElementById('tickets')?.scrollIntoView({ behavior: 'smooth' });
}

export function HomePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const params = useMemo(() => readListParams(searchParams), [searchParams]);
  const wantsScrollToTickets = searchParams.get('scrollToTickets') === 'true';

  useEffect(() => {
    document.title = t.homeDocumentTitle;
  }, []);

  // React Router hands every setSearchParams updater the params of the last render, so two quick
  // changes (sort, then category) would overwrite each other: build on the last written ones.
  const written = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    written.current = null;
  }, [searchParams]);
  const change = useCallback(
    (next: Partial<ListParams>, options: { replace: boolean }) => {
      const params = writeListParams(written.current ?? searchParams, next);
      written.current = params;
      setSearchParams(params, { replace: options.replace });
    },
    [searchParams, setSearchParams],
  );

  const changePage = (page: number) => {
    change({ currentPage: page }, { replace: false });
    scrollToTickets();
  };

  // scrollToTickets=true (spec 01 §2): once the cards are there, scroll to them and drop the parameter.
  const showTickets = useCallback(() => {
    if (!wantsScrollToTickets) return;
    afterNextPaint(() => {
      scrollToTickets();
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('scrollToTickets');
          return next;
        },
        { replace: true },
      );
    });
  }, [wantsScrollToTickets, setSearchParams]);

  const restoring = useRef(navigationType === 'POP');
  // Remember where this history entry is scrolled (spec 01 §3 scrollPosition)...
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      window.cancelAnimationFrame(frame);
      // Not while a restore is under way: the layout's scroll to the top would overwrite the place.
      if (restoring.current) return;
      frame = window.requestAnimationFrame(() => {
        // Nor once the list is hidden: while the next page loads, React keeps this page mounted
        // but hidden, and the browser's scroll, clamped to the shorter page, is no place of ours.
        if (document.getElementById('tickets')?.offsetParent == null) return;
        saveListScroll(location.key, window.scrollY);
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [location.key]);

  // ...and put the visitor back there on browser back, once the cards are on screen. (The
  // layout's scroll to the top of a path reached by back has already happened, at once.)
  const restored = useRef(false);
  const restoreScroll = useCallback(() => {
    if (restored.current) return;
    restored.current = true;
    if (navigationType !== 'POP') {
      restoring.current = false;
      return;
    }
    afterNextPaint(() => {
      restoreListPlace(location.key);
      restoring.current = false;
    });
  }, [navigationType, location.key]);

  const onTicketsShown = useCallback(() => {
    restoreScroll();
    showTickets();
  }, [restoreScroll, showTickets]);

  const categoryHref = (filterCategory: FilterCategory) => {
    const query = writeListParams(searchParams, { filterCategory }).toString();
    return query ? `/?${query}` : '/';
  };

  return (
    <>
      <Box
        sx={{
          background: 'linear-gradient(135deg, #f6e6d3 0%, #e9c9a3 55%, #cf975c 100%)',
          pt: { xs: 2.5, md: 8 },
          pb: { xs: 2, md: 5 },
        }}
      >
        <Container maxWidth="lg">
          <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '3.2rem' } }}>
            {t.heroTitle(common.productName)}
          </Typography>
          <Typography
            sx={{ mt: { xs: 0.75, md: 2 }, maxWidth: 560, fontSize: { xs: '0.95rem', md: '1.15rem' } }}
          >
            {t.heroSubtitle}
          </Typography>
          <Stack direction="row" sx={{ gap: 1.5, mt: { xs: 1.5, md: 3 }, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/myy-lippu" variant="contained" color="secondary">
              {t.sellButton}
            </Button>
            <Button
              component={RouterLink}
              to="/miten-se-toimii"
              variant="outlined"
              color="secondary"
              sx={{ bgcolor: 'rgba(255,255,255,0.6)' }}
            >
              {t.howItWorksButton}
            </Button>
          </Stack>
          <Box sx={{ mt: { xs: 2, md: 4 }, maxWidth: 960 }}>
            <TicketSearch params={params} onChange={change} onSubmitted={scrollToTickets} />
            <CategoryLinks params={params} hrefFor={categoryHref} />
          </Box>
        </Container>
      </Box>
      <Container maxWidth="xl" id="tickets" sx={{ py: { xs: 2, md: 5 }, scrollMarginTop: 72 }}>
        <Typography variant="h2" sx={{ mb: 1, fontSize: { xs: '1.35rem', md: '1.9rem' } }}>
          {t.ticketsTitle}
        </Typography>
        <TicketGrid
          params={params}
          onPageChange={changePage}
          onShown={onTicketsShown}
          controls={<SortSelect params={params} onChange={change} />}
        />
      </Container>
      <Container maxWidth="xl" sx={{ pb: { xs: 4, md: 6 } }}>
        <SafetySection />
      </Container>
      <Container
        maxWidth="md"
        component="section"
        aria-labelledby="home-faq-title"
        sx={{ pb: { xs: 6, md: 8 } }}
      >
        <Typography id="home-faq-title" variant="h2" sx={{ mb: 3 }}>
          {t.faqTitle}
        </Typography>
        <Suspense fallback={<Box sx={{ minHeight: 280 }} />}>
          <HomeFaq />
        </Suspense>
        <Box sx={{ mt: 3, textAlign: 'center' }}>
          <Link component={RouterLink} to="/ukk" sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
            {t.faqAllLink}
          </Link>
        </Box>
      </Container>
    </>
  );
}
