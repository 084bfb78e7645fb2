import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DoneSnackbar } from '#client/components/done-snackbar.tsx';
import { LoadingSpinner, RetryAlert } from '#client/components/query-states.tsx';
import { common } from '#client/i18n/fi/common.ts';
import { complaintsText } from '#client/i18n/fi/complaints.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { complaintMessages } from '#shared/complaints/complaint-rules.ts';
import type { ComplaintView } from '#shared/complaints/complaints.schema.ts';
import { finnishDate } from '#shared/dates.ts';
import { errorMessages } from '#shared/errors.ts';
import { useComplaint } from '../api/get-complaint.ts';
import { ComplaintDetails } from './complaint-details.tsx';
import { ComplaintForm } from './complaint-form.tsx';
import { ResponseForm } from './response-form.tsx';

const t = complaintsText;

/** Why the buyer cannot file: the window closed, or the money has already gone back. */
function NoComplaint({ view }: { view: ComplaintView }) {
  const closed = Date.parse(view.fileUntil) <= Date.now();
  return (
    <Alert severity="info">
      {closed ? complaintMessages.windowClosed : errorMessages['sale-refunded']}
      {closed && (
        <Box sx={{ mt: 1 }}>
          <Button component={RouterLink} to="/ota-yhteytta" variant="outlined" color="inherit" size="small">
            {common.nav.contact}
          </Button>
        </Box>
      )}
    </Alert>
  );
}

interface ViewProps {
  userId: string;
  view: ComplaintView;
  onDone(message: string): void;
}

function ViewContent({ userId, view, onDone }: ViewProps) {
  const { complaint } = view;
  if (view.role === 'buyer') {
    if (complaint) return <ComplaintDetails ticketId={view.ticketId} side="buyer" complaint={complaint} />;
    if (view.canFile)
      return (
        <ComplaintForm
          userId={userId}
          ticketId={view.ticketId}
          fileUntil={view.fileUntil}
          onFiled={() => onDone(t.file.sent)}
        />
      );
    return <NoComplaint view={view} />;
  }
  // The seller sees the page once there is a complaint; before, there is nothing to see.
  if (!complaint) return <Alert severity="info">{errorMessages['not-found']}</Alert>;
  return (
    <ComplaintDetails
      ticketId={view.ticketId}
      side="seller"
      complaint={complaint}
      responseForm={
        view.canRespond ? (
          <ResponseForm userId={userId} ticketId={view.ticketId} onSent={() => onDone(t.respond.sent)} />
        ) : undefined
      }
    />
  );
}

interface Props {
  userId: string;
  ticketId: string;
  /** What a ticket that is not the user's to see shows: the app's 404 page. */
  notFound: ReactNode;
}

/**
 * /liput/:ticketId/reklamaatio (docs/decisions/036): for the buyer the complaint form while it may
 * be filed, else the complaint and where it stands; for the seller the complaint and the answer.
 */
export function ComplaintPageContent({ userId, ticketId, notFound }: Props) {
  const view = useComplaint(userId, ticketId);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    document.title = t.page.documentTitle;
  }, []);

  // 404: not the user's ticket to see (or none at all); 400: an address that is no ticket's.
  if (view.isError && view.error instanceof ApiError && [400, 404].includes(view.error.status))
    return notFound;

  let content: ReactNode;
  if (view.isPending) content = <LoadingSpinner label={t.page.loading} />;
  else if (view.isError)
    content = (
      <RetryAlert onRetry={() => void view.refetch()}>
        {view.error instanceof ApiError ? view.error.message : t.page.loadFailed}
      </RetryAlert>
    );
  else content = <ViewContent userId={userId} view={view.data} onDone={setDone} />;

  const data = view.data;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.4rem' } }}>
        {t.page.title}
      </Typography>
      {/* The event's line keeps its place while the complaint loads, and is one line however long the
          name (cut short on a phone), so the form below does not move when it comes. */}
      <Typography
        noWrap
        sx={{ mt: 1, fontSize: { xs: '1.05rem', md: '1.15rem' } }}
        aria-hidden={data ? undefined : true}
      >
        {data ? (
          <>
            <Link component={RouterLink} to={`/liput/${data.ticketId}`} sx={{ fontWeight: 700 }}>
              {data.eventName}
            </Link>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {' · '}
              {finnishDate(new Date(data.eventDate), { weekday: true })}
            </Box>
          </>
        ) : (
          '\u00a0'
        )}
      </Typography>
      <Stack sx={{ gap: 2, mt: { xs: 2.5, md: 3.5 } }}>
        {content}
        {data && (
          <Box>
            <Button
              component={RouterLink}
              to={data.role === 'buyer' ? '/profiili' : '/profiili?tab=1'}
              variant="outlined"
              color="secondary"
            >
              {data.role === 'buyer' ? t.page.toBoughtTickets : t.page.toListings}
            </Button>
          </Box>
        )}
      </Stack>
      <DoneSnackbar message={done} onClose={() => setDone(null)} />
    </Container>
  );
}
