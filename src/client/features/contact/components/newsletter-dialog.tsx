import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { applyApiError } from '#client/components/form/apply-api-error.ts';
import { FormError, FormTextField } from '#client/components/form/form-fields.tsx';
import { SubmitButton } from '#client/components/form/submit-button.tsx';
import { newsletterText as t } from '#client/i18n/fi/newsletter.ts';
import { type NewsletterSubscribe, newsletterSubscribeSchema } from '#shared/contact/contact.schema.ts';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter.ts';
import { rememberSubscribed, successAutoCloseMs } from '../newsletter-timing.ts';

interface Props {
  open: boolean;
  onClose(): void;
}

/** Newsletter sign-up (spec 01 §2, §4): idle → submitting → success (closes in 5 s) or error. */
export default function NewsletterDialog({ open, onClose }: Props) {
  const subscribe = useSubscribeNewsletter();
  const form = useForm<NewsletterSubscribe>({
    resolver: zodResolver(newsletterSubscribeSchema),
    defaultValues: { email: '' },
    reValidateMode: 'onSubmit',
  });

  useEffect(() => {
    if (!subscribe.isSuccess) return;
    const timer = window.setTimeout(onClose, successAutoCloseMs);
    return () => window.clearTimeout(timer);
  }, [subscribe.isSuccess, onClose]);

  const submit = form.handleSubmit((values) => {
    subscribe.mutate(values, {
      onSuccess: rememberSubscribed,
      // The server's word on the address goes under the field; any other failure says only that.
      onError: (error) =>
        applyApiError(form, error, {
          fields: ['email'],
          fallback: t.failure,
          showServerMessage: () => false,
        }),
    });
  });

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
              <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
                {t.confirmNote}
              </Typography>
            </Alert>
          ) : (
            <>
              <Typography sx={{ textAlign: 'center', mb: 2 }}>{t.body}</Typography>
              <FormTextField
                form={form}
                name="email"
                label={t.emailLabel}
                type="email"
                autoComplete="email"
                disabled={subscribe.isPending}
              />
              <FormError form={form} sx={{ mt: 2 }} />
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
            <SubmitButton pending={subscribe.isPending}>{t.subscribe}</SubmitButton>
          </DialogActions>
        )}
      </Box>
    </Dialog>
  );
}
