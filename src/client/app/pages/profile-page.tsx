import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageTabPanel, PageTabs } from '#client/components/page-tabs.tsx';
import { LoadingSpinner } from '#client/components/query-states.tsx';
import { useAuth } from '#client/features/accounts/auth-store.ts';
import type { ReauthReturn } from '#client/features/accounts/components/user-details.tsx';
import { accountsText } from '#client/i18n/fi/accounts.ts';
import { common } from '#client/i18n/fi/common.ts';
import { type SocialErrorCode, socialErrorMessages } from '#shared/accounts/social-errors.ts';
import { profileTabFromParam } from '#shared/profile-tabs.ts';
import { usePublicTicketRefresh } from '../use-public-ticket-refresh.ts';

// Each tab's code loads when the tab is shown: a visit opens one of them, and together they were
// the heaviest page after the sell wizard (decision 029).
const BoughtTicketsTab = lazy(async () => ({
  default: (await import('./profile-tabs.tsx')).BoughtTicketsTab,
}));
const MyListingsTab = lazy(async () => ({
  default: (await import('./profile-tabs.tsx')).MyListingsTab,
}));
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
  const { user } = useAuth();
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

  const name = user?.displayName ?? user?.firstName ?? '';

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
        <TabLoading>{user && <BoughtTicketsTab userId={user.uid} />}</TabLoading>
      </PageTabPanel>
      <PageTabPanel look="plain" idPrefix="profile" value={1} selected={tab} keepMounted={false}>
        <TabLoading>
          {user && <MyListingsTab userId={user.uid} onListingChanged={refreshPublicTicket} />}
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
