import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { SubmitButton } from '#client/components/form/submit-button.tsx';
import { newsletterText } from '#client/i18n/fi/newsletter.ts';
import { useConfirmNewsletter, useUnsubscribeNewsletter } from '../api/newsletter-links.ts';

const t = newsletterText.links;

interface CardProps {
  title: string;
  lead: string;
  action: string;
  pendingLabel: string;
  pending: boolean;
  /** The outcome: a success to show, or an error's message. */
  done: string | null;
  error: string | null;
  onAction(): void;
}

/**
 * The page a newsletter mail's link opens. Opening it changes nothing (mail scanners open links
 * too, docs/decisions/033); the person's press of the button does.
 */
function NewsletterLinkCard({
  title,
  lead,
  action,
  pendingLabel,
  pending,
  done,
  error,
  onAction,
}: CardProps) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.2rem' } }}>
          {title}
        </Typography>
        <Box sx={{ mt: 2 }} aria-live="polite">
          {done ? (
            <Alert severity="success">{done}</Alert>
          ) : (
            <Stack sx={{ gap: 2.5 }}>
              <Typography sx={{ color: 'text.secondary' }}>{lead}</Typography>
              {error && <Alert severity="error">{error}</Alert>}
              <SubmitButton
                type="button"
                pending={pending}
                pendingLabel={pendingLabel}
                onClick={onAction}
                size="large"
                sx={{ alignSelf: 'flex-start' }}
              >
                {action}
              </SubmitButton>
            </Stack>
          )}
        </Box>
        <Button component={RouterLink} to="/" variant="outlined" color="secondary" sx={{ mt: 3 }}>
          {t.home}
        </Button>
      </Paper>
    </Container>
  );
}

const messageOf = (error: Error | null) => (error ? error.message || newsletterText.failure : null);

/** /uutiskirje/vahvista?token=…: the double opt-in's second step. */
export function NewsletterConfirmCard({ token }: { token: string }) {
  const confirm = useConfirmNewsletter();
  const done = confirm.data ? (confirm.data.status === 'confirmed' ? t.confirmed : t.alreadyConfirmed) : null;
  return (
    <NewsletterLinkCard
      title={t.confirmTitle}
      lead={t.confirmLead}
      action={t.confirmAction}
      pendingLabel={t.confirming}
      pending={confirm.isPending}
      done={done}
      error={token ? messageOf(confirm.error) : t.confirmLinkBroken}
      onAction={() => token && confirm.mutate(token)}
    />
  );
}

/** /uutiskirje/peru?token=…: the unsubscribe link of every newsletter mail. */
export function NewsletterUnsubscribeCard({ token }: { token: string }) {
  const unsubscribe = useUnsubscribeNewsletter();
  return (
    <NewsletterLinkCard
      title={t.unsubscribeTitle}
      lead={t.unsubscribeLead}
      action={t.unsubscribeAction}
      pendingLabel={t.unsubscribing}
      pending={unsubscribe.isPending}
      done={unsubscribe.isSuccess ? t.unsubscribed : null}
      error={token ? messageOf(unsubscribe.error) : t.unsubscribeLinkBroken}
      onAction={() => token && unsubscribe.mutate(token)}
    />
  );
}
