import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { SubmitButton } from './form/submit-button.tsx';

interface LinkActionCardProps {
  title: string;
  lead: string;
  action: string;
  pendingLabel: string;
  pending: boolean;
  /** The outcome: a success to show, or an error's message. */
  done: string | null;
  error: string | null;
  onAction(): void;
  homeLabel: string;
}

/**
 * The page a mail's link opens (a newsletter's, an address confirmation's). Opening it changes
 * nothing (mail scanners open links too, docs/decisions/033); the person's press of the button does.
 */
export function LinkActionCard({
  title,
  lead,
  action,
  pendingLabel,
  pending,
  done,
  error,
  onAction,
  homeLabel,
}: LinkActionCardProps) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        {/* Long Finnish words ("sähköpostiosoitteesi") must wrap on a phone rather than overflow. */}
        <Typography
          variant="h1"
          sx={{ fontSize: { xs: '1.9rem', md: '2.2rem' }, hyphens: 'auto', overflowWrap: 'anywhere' }}
        >
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
          {homeLabel}
        </Button>
      </Paper>
    </Container>
  );
}
