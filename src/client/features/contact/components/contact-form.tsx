import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { applyApiError } from '#client/components/form/apply-api-error.ts';
import { FormError, FormTextField } from '#client/components/form/form-fields.tsx';
import { lazyZodResolver } from '#client/components/form/lazy-zod-resolver.ts';
import { SubmitButton } from '#client/components/form/submit-button.tsx';
import { contactText as t } from '#client/i18n/fi/contact.ts';
import type { ContactMessage } from '#shared/contact/contact.schema.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';

const emptyMessage: ContactMessage = { name: '', email: '', subject: '', message: '' };
const fields = ['name', 'email', 'subject', 'message'] as const;

/**
 * The contact form of spec 01 §5; the server checks the same schema again. Errors show once a
 * field has been visited, so an empty form is not shouting at the visitor.
 */
export function ContactForm() {
  const send = useSendContactMessage();
  const form = useForm<ContactMessage>({
    resolver: lazyZodResolver(() =>
      import('#shared/contact/contact.schema.ts').then((m) => m.contactMessageSchema),
    ),
    defaultValues: emptyMessage,
    mode: 'onChange',
  });
  const { isValid, isDirty } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => form.reset(emptyMessage),
      // Only the rate limit's own message says more than 'could not send'.
      onError: (error) =>
        applyApiError(form, error, {
          fields,
          fallback: t.failure,
          showServerMessage: (answer) => answer.status === 429,
        }),
    }),
  );

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} sx={{ gap: 2 }} aria-label={t.formTitle}>
      <FormTextField
        form={form}
        name="name"
        errorsShow="touched"
        label={t.name}
        autoComplete="name"
        required
      />
      <FormTextField
        form={form}
        name="email"
        errorsShow="touched"
        label={t.email}
        type="email"
        autoComplete="email"
        required
      />
      <FormTextField form={form} name="subject" errorsShow="touched" label={t.subject} required />
      <FormTextField
        form={form}
        name="message"
        errorsShow="touched"
        label={t.message}
        required
        multiline
        minRows={4}
      />
      {send.isSuccess && !isDirty && (
        <Alert severity="success" role="status">
          {t.success}
        </Alert>
      )}
      <FormError form={form} />
      <SubmitButton
        size="large"
        disabled={!isValid || !isDirty}
        pending={send.isPending}
        pendingLabel={t.sending}
        sx={{ alignSelf: { sm: 'flex-start' } }}
      >
        {t.send}
      </SubmitButton>
    </Stack>
  );
}
