import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import {
  type ComponentProps,
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useState,
} from 'react';
import { useSearchParams } from 'react-router';
import { PageTabPanel, PageTabs } from '#client/components/page-tabs.tsx';
import { LoadingSpinner } from '#client/components/query-states.tsx';
import { pageDrawnForServerUser, useAuthValue } from '#client/features/accounts/auth-store.ts';
import type { ReauthReturn } from '#client/features/accounts/components/user-details.tsx';
import { accountsText } from '#client/i18n/fi/accounts.ts';
import { common } from '#client/i18n/fi/common.ts';
import { type SocialErrorCode, socialErrorMessages } from '#shared/accounts/social-errors.ts';
import { profileTabFromParam } from '#shared/profile-tabs.ts';
import { usePublicTicketRefresh } from '../use-public-ticket-refresh.ts';

type TicketTabsModule = typeof import('./profile-tabs.tsx');
let loadedTicketTabs: TicketTabsModule | undefined;
const loadTicketTabs = async () => {
  loadedTicketTabs = await import('./profile-tabs.tsx');
  return loadedTicketTabs;
};

/**
 * Run before the app takes the page over: when the server drew a ticket tab for the user it
 * checked (decision 029), loads the tabs' code, so the drawn cards are taken over in one pass
 * instead of waiting, as the server's, for their code. Nothing when the app draws the page.
 */
export async function loadDrawnTicketTab(): Promise<void> {
  if (pageDrawnForServerUser()) await loadTicketTabs();
}

// Each tab's code loads when the tab is shown: a visit opens one of them, and together they were
// the heaviest page after the sell wizard (decision 029).
type TicketTabs = {
  [Tab in 'BoughtTicketsTab' | 'MyListingsTab']: ComponentType<ComponentProps<TicketTabsModule[Tab]>>;
};
const lazyTicketTabs: TicketTabs = {
  BoughtTicketsTab: lazy(async () => ({ default: (await loadTicketTabs()).BoughtTicketsTab })),
  MyListingsTab: lazy(async () => ({ default: (await loadTicketTabs()).MyListingsTab })),
};
const UserDetails = lazy(async () => ({
  default: (await import('#client/features/accounts/components/user-details.tsx')).UserDetails,
}));

function TabLoading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingSpinner label={common.loading} />}>{children}</Suspense>;
}

const t = accountsText.profile;
const tabOptions = t.tabs.map((label, value) => ({ value, label }));

/** Reads what a provider re-authentication for deletion came back with, from the address. */
function readReauthReturn(params: URLSearchParams): ReauthReturn {
  if (params.get('reauth') === 'ok') return { ok: true };
  const code = params.get('socialError');
  if (!code) return null;
  return {
    ok: false,
    message:
      code in socialErrorMessages ? socialErrorMessages[code as SocialErrorCode] : socialErrorMessages.failed,
  };
}

/** /profiili, behind the sign-in guard: bought tickets, sale listings, user details (?tab=0|1|2). */
export function ProfilePage() {
  // Only what the page shows of the user: the start-up check of the sign-in, answered with the same
  // user, does not draw the page and every card again.
  const userId = useAuthValue((auth) => auth.user?.uid);
  const name = useAuthValue((auth) => auth.user?.displayName ?? auth.user?.firstName ?? '');
  // The loaded code when it is there (a drawn tab), chosen once: changing it would remount the tab.
  const [{ BoughtTicketsTab, MyListingsTab }] = useState<TicketTabs>(
    () => loadedTicketTabs ?? lazyTicketTabs,
  );
  const refreshPublicTicket = usePublicTicketRefresh();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = profileTabFromParam(searchParams.get('tab'));
  // Captured once: the address is tidied right after.
  const [reauthReturn] = useState(() => readReauthReturn(searchParams));

  useEffect(() => {
    document.title = t.documentTitle;
  }, []);

  useEffect(() => {
    if (!searchParams.has('reauth') && !searchParams.has('socialError')) return;
    const params = new URLSearchParams(searchParams);
    params.delete('reauth');
    params.delete('socialError');
    setSearchParams(params, { replace: true });
  }, [searchParams, setSearchParams]);

  const selectTab = (next: number) => {
    const params = new URLSearchParams(searchParams);
    if (next === 0) params.delete('tab');
    else params.set('tab', String(next));
    setSearchParams(params, { replace: true });
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.4rem' } }}>
        {t.title}
      </Typography>
      {name && <Typography sx={{ mt: 1, color: 'text.secondary' }}>{t.greeting(name)}</Typography>}
      <PageTabs
        look="plain"
        idPrefix="profile"
        label={t.tabsLabel}
        value={tab}
        options={tabOptions}
        onChange={selectTab}
      />
      <PageTabPanel look="plain" idPrefix="profile" value={0} selected={tab} keepMounted={false}>
        <TabLoading>{userId && <BoughtTicketsTab userId={userId} />}</TabLoading>
      </PageTabPanel>
      <PageTabPanel look="plain" idPrefix="profile" value={1} selected={tab} keepMounted={false}>
        <TabLoading>
          {userId && <MyListingsTab userId={userId} onListingChanged={refreshPublicTicket} />}
        </TabLoading>
      </PageTabPanel>
      <PageTabPanel look="plain" idPrefix="profile" value={2} selected={tab} keepMounted={false}>
        <TabLoading>
          <UserDetails reauthReturn={reauthReturn} />
        </TabLoading>
      </PageTabPanel>
    </Container>
  );
}
