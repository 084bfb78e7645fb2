import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { applyApiError } from '#client/components/form/apply-api-error.ts';
import { FormDialog } from '#client/components/form/form-dialog.tsx';
import { FormError, FormPasswordField } from '#client/components/form/form-fields.tsx';
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
    <FormDialog
      open
      title={t.title}
      busy={grant.isPending}
      onClose={leave}
      onSubmit={submit}
      cancelLabel={t.cancel}
      submitLabel={t.submit}
      pendingLabel={t.checking}
      size="xs"
    >
      <FormPasswordField
        form={form}
        name="key"
        label={t.keyLabel}
        autoComplete="off"
        autoFocus
        required
        sx={{ mt: 1 }}
      />
      <FormError form={form} />
    </FormDialog>
  );
}
