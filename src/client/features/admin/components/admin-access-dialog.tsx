import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { applyApiError } from '#client/components/form/apply-api-error.ts';
import { FormError, FormPasswordField } from '#client/components/form/form-fields.tsx';
import { SubmitButton } from '#client/components/form/submit-button.tsx';
import { adminText } from '#client/i18n/fi/admin.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { adminAccessRequestSchema } from '#shared/admin/admin.schema.ts';
import { useGrantAdminAccess } from '../api/grant-admin-access.ts';

const t = adminText.access;

/**
 * 'Admin Access Required' (spec 01 §2): an admin whose browser holds no valid access cookie types
 * the access key. A wrong key is told under the field; Cancel (or Escape) goes to the front page.
 */
export function AdminAccessDialog() {
  const titleId = useId();
  const navigate = useNavigate();
  const grant = useGrantAdminAccess();
  const form = useForm<{ key: string }>({
    resolver: zodResolver(adminAccessRequestSchema),
    defaultValues: { key: '' },
  });

  const submit = form.handleSubmit((values) =>
    grant.mutateAsync(values.key).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === 'invalid-access-key') {
        form.setError('key', { message: t.invalidKey }, { shouldFocus: true });
        return;
      }
      applyApiError(form, error, { fields: ['key'], fallback: t.invalidKey });
    }),
  );
  const leave = () => navigate('/');

  return (
    <Dialog
      open
      onClose={grant.isPending ? undefined : leave}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t.title}</DialogTitle>
        <DialogContent>
          <FormPasswordField
            form={form}
            name="key"
            label={t.keyLabel}
            autoComplete="off"
            autoFocus
            required
            sx={{ mt: 1 }}
          />
          <FormError form={form} sx={{ mt: 2 }} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="secondary" onClick={leave} disabled={grant.isPending}>
            {t.cancel}
          </Button>
          <SubmitButton pending={grant.isPending} pendingLabel={t.checking}>
            {t.submit}
          </SubmitButton>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
