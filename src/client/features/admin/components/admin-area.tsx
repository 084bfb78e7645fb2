import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { lazy, memo, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageTabPanel, PageTabs } from '#client/components/page-tabs.tsx';
import { LoadingSpinner, RetryAlert } from '#client/components/query-states.tsx';
import { adminText } from '#client/i18n/fi/admin.ts';
import { common } from '#client/i18n/fi/common.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { useAdminAccess } from '../api/get-admin-access.ts';
import { usePendingListings } from '../api/get-pending-listings.ts';
import { useAccessRecheck } from '../use-access-recheck.ts';

const t = adminText;

// The access dialog's form (react-hook-form, the form fields) loads only for an admin who needs
// it: one with access would otherwise download it before the area's largest paint (decision 029).
const AdminAccessDialog = lazy(async () => ({
  default: (await import('./admin-access-dialog.tsx')).AdminAccessDialog,
}));

type ReviewTabModule = typeof import('./listing-review-tab.tsx');
let loadedReviewTab: ReviewTabModule | undefined;

/** Loads the review tab's code; the area then draws it without waiting (admin-page.tsx). */
export async function loadReviewTab(): Promise<ReviewTabModule> {
  loadedReviewTab = await import('./listing-review-tab.tsx');
  return loadedReviewTab;
}

// Each tab's code loads when the tab is shown (decision 029).
const LazyListingReviewTab = lazy(async () => ({ default: (await loadReviewTab()).ListingReviewTab }));
const PayoutTrackingTab = lazy(async () => ({
  default: (await import('./payout-tracking-tab.tsx')).PayoutTrackingTab,
}));
const AuditLogTab = lazy(async () => ({ default: (await import('./audit-log-tab.tsx')).AuditLogTab }));
const BackgroundJobsTab = lazy(async () => ({
  default: (await import('./background-jobs-tab.tsx')).BackgroundJobsTab,
}));
const EventCancellationsTab = lazy(async () => ({
  default: (await import('./event-cancellations-tab.tsx')).EventCancellationsTab,
}));
const ComplaintsTab = lazy(async () => ({ default: (await import('./complaints-tab.tsx')).ComplaintsTab }));

function TabLoading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingSpinner label={common.loading} />}>{children}</Suspense>;
}

/** The tabs by their value in the address (?tab=); the review is the default, without one. */
const tabs = ['liput', 'maksuseuranta', 'reklamaatiot', 'peruutukset', 'loki', 'taustatyot'] as const;
type AdminTab = (typeof tabs)[number];

function tabFromParam(value: string | null): AdminTab {
  return tabs.find((tab) => tab === value) ?? 'liput';
}

interface Props {
  /** What anyone but an admin sees, also while that is being checked: the app's 404 page. */
  notFound: ReactNode;
  /** A listing went on sale: the page drops what it cached of the public list. */
  onListingApproved(listingId: string): void;
}

/**
 * /admin for a signed-in admin (spec 01 §2 "Admin entry guard", spec 02 §2 "Admin panel"): the
 * access dialog until this browser holds the day's access cookie, then the red banner, the title
 * and the tabs: listing review (with the pending count), payout tracking, complaints, cancelled
 * events, the log and the background jobs.
 */
export function AdminArea({ notFound, onListingApproved }: Props) {
  const access = useAdminAccess();
  const known = access.isSuccess;
  useAccessRecheck();

  useEffect(() => {
    if (known) document.title = t.documentTitle;
  }, [known]);

  if (access.isPending) return notFound;
  if (access.isError) {
    // 404: not an admin (the server's word overrides what the stored sign-in said).
    if (access.error instanceof ApiError && access.error.status === 404) return notFound;
    return (
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <RetryAlert onRetry={() => void access.refetch()}>
          {access.error instanceof ApiError ? access.error.message : common.routeError}
        </RetryAlert>
      </Container>
    );
  }
  if (!access.data.granted) {
    // The dialog stands over an empty page rather than over the footer; the page stays empty
    // while the dialog's code comes.
    return (
      <Box sx={{ minHeight: '70vh' }}>
        <Suspense fallback={null}>
          <AdminAccessDialog />
        </Suspense>
      </Box>
    );
  }
  return <AdminPanel onListingApproved={onListingApproved} />;
}

// Memoised: the area re-renders at once after it is taken over from the server's page (the access
// status is asked again as it mounts, and the router's first update re-renders every page), in a
// render that cannot yield; the panel, its tabs and cards need none of it (decision 029).
const AdminPanel = memo(function AdminPanel({ onListingApproved }: Pick<Props, 'onListingApproved'>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFromParam(searchParams.get('tab'));
  const pending = usePendingListings();
  // The loaded code when it is there (a drawn area), chosen once: changing it would remount the tab.
  const [ListingReviewTab] = useState(() => loadedReviewTab?.ListingReviewTab ?? LazyListingReviewTab);

  const selectTab = (next: AdminTab) => {
    const params = new URLSearchParams(searchParams);
    if (next === 'liput') params.delete('tab');
    else params.set('tab', next);
    setSearchParams(params, { replace: true });
  };

  const options = [
    { value: 'liput' as const, label: t.tabs.review(pending.data?.length) },
    { value: 'maksuseuranta' as const, label: t.tabs.payouts },
    { value: 'reklamaatiot' as const, label: t.tabs.complaints },
    { value: 'peruutukset' as const, label: t.tabs.cancellations },
    { value: 'loki' as const, label: t.tabs.audit },
    { value: 'taustatyot' as const, label: t.tabs.jobs },
  ];

  return (
    <>
      <Box
        role="note"
        sx={{
          bgcolor: 'error.dark',
          color: 'error.contrastText',
          textAlign: 'center',
          fontWeight: 800,
          letterSpacing: '0.04em',
          py: 1,
          px: 2,
        }}
      >
        {t.banner}
      </Box>
      <Container maxWidth="lg" sx={{ py: { xs: 2.5, md: 5 }, px: { xs: 1.5, sm: 3 } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.4rem' } }}>
          {t.title}
        </Typography>
        <PageTabs
          look="plain"
          idPrefix="admin"
          label={t.tabsLabel}
          scrollOnPhone
          value={tab}
          options={options}
          onChange={selectTab}
        />
        <PageTabPanel look="plain" idPrefix="admin" value="liput" selected={tab} keepMounted={false}>
          <TabLoading>
            <ListingReviewTab onListingApproved={onListingApproved} />
          </TabLoading>
        </PageTabPanel>
        <PageTabPanel look="plain" idPrefix="admin" value="maksuseuranta" selected={tab} keepMounted={false}>
          <TabLoading>
            <PayoutTrackingTab />
          </TabLoading>
        </PageTabPanel>
        <PageTabPanel look="plain" idPrefix="admin" value="reklamaatiot" selected={tab} keepMounted={false}>
          <TabLoading>
            <ComplaintsTab />
          </TabLoading>
        </PageTabPanel>
        <PageTabPanel look="plain" idPrefix="admin" value="peruutukset" selected={tab} keepMounted={false}>
          <TabLoading>
            <EventCancellationsTab />
          </TabLoading>
        </PageTabPanel>
        <PageTabPanel look="plain" idPrefix="admin" value="loki" selected={tab} keepMounted={false}>
          <TabLoading>
            <AuditLogTab />
          </TabLoading>
        </PageTabPanel>
        <PageTabPanel look="plain" idPrefix="admin" value="taustatyot" selected={tab} keepMounted={false}>
          <TabLoading>
            <BackgroundJobsTab />
          </TabLoading>
        </PageTabPanel>
      </Container>
    </>
  );
});
