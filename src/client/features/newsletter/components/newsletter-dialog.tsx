import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { newsletterText as t } from '#client/i18n/fi/newsletter.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { newsletterSubscribeSchema } from '#shared/contact/contact.schema.ts';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter.ts';
import { rememberSubscribed, successAutoCloseMs } from '../newsletter-timing.ts';

interface Props {
  open: boolean;
  onClose(): void;
}

/** Newsletter sign-up (spec 01 §2, §4): idle → submitting → success (closes in 5 s) or error. */
export default function NewsletterDialog({ open, onClose }: Props) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const subscribe = useSubscribeNewsletter();

  useEffect(() => {
    if (!subscribe.isSuccess) return;
    const timer = window.setTimeout(onClose, successAutoCloseMs);
    return () => window.clearTimeout(timer);
  }, [subscribe.isSuccess, onClose]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = newsletterSubscribeSchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    subscribe.mutate(parsed.data, {
      onSuccess: rememberSubscribed,
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) setFieldError(error.message);
      },
    });
  };

  const failed = subscribe.isError && !fieldError;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="newsletter-title" maxWidth="xs" fullWidth>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="newsletter-title" sx={{ textAlign: 'center', pb: 0 }}>
          {t.title}
        </DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'flex', justifyContent: 'center', my: 1 }}>
            <img src="/images/mascot.webp" alt={t.mascotAlt} width={120} height={120} />
          </Box>
          {subscribe.isSuccess ? (
            <Alert severity="success" role="status">
              <Typography sx={{ fontWeight: 600 }}>{t.successTitle}</Typography>
              <Typography variant="body2">{t.successBody}</Typography>
            </Alert>
          ) : (
            <>
              <Typography sx={{ textAlign: 'center', mb: 2 }}>{t.body}</Typography>
              <TextField
                label={t.emailLabel}
                type="email"
                autoComplete="email"
                fullWidth
                value={email}
                onChange={(event) => {
                  setEmail(event.target.value);
                  setFieldError(undefined);
                }}
                error={Boolean(fieldError)}
                helperText={fieldError}
                disabled={subscribe.isPending}
              />
              {failed && (
                <Alert severity="error" sx={{ mt: 2 }}>
                  {t.failure}
                </Alert>
              )}
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                {t.privacyPrefix}{' '}
                <Link component={RouterLink} to="/tietosuojaseloste" onClick={onClose}>
                  {t.privacyLink}
                </Link>{' '}
                {t.privacySuffix}
              </Typography>
            </>
          )}
        </DialogContent>
        {!subscribe.isSuccess && (
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button color="secondary" onClick={onClose}>
              {t.decline}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={subscribe.isPending}
              startIcon={subscribe.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {t.subscribe}
            </Button>
          </DialogActions>
        )}
      </Box>
    </Dialog>
  );
}
