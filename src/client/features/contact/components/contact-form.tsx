import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { contactText as t } from '#client/i18n/fi/contact.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { type ContactMessage, contactMessageSchema } from '#shared/contact/contact.schema.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';

const emptyMessage: ContactMessage = { name: '', email: '', subject: '', message: '' };
const fields = ['name', 'email', 'subject', 'message'] as const;

/** The contact form of spec 01 §5; the server checks the same schema again. */
export function ContactForm() {
  const send = useSendContactMessage();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isValid, isDirty, touchedFields },
  } = useForm<ContactMessage>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: emptyMessage,
    mode: 'onChange',
  });

  const onSubmit = handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => reset(emptyMessage),
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        for (const issue of error.issues) {
          if ((fields as readonly string[]).includes(issue.path)) {
            setError(issue.path as (typeof fields)[number], { message: issue.message });
          }
        }
      },
    }),
  );

  // Errors show once a field has been visited, so an empty form is not shouting at the visitor.
  const fieldProps = (name: (typeof fields)[number]) => {
    const shown = touchedFields[name] ? errors[name]?.message : undefined;
    return { ...register(name), error: Boolean(shown), helperText: shown, fullWidth: true };
  };

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} sx={{ gap: 2 }} aria-label={t.formTitle}>
      <TextField label={t.name} autoComplete="name" required {...fieldProps('name')} />
      <TextField label={t.email} type="email" autoComplete="email" required {...fieldProps('email')} />
      <TextField label={t.subject} required {...fieldProps('subject')} />
      <TextField label={t.message} required multiline minRows={4} {...fieldProps('message')} />
      {send.isSuccess && !isDirty && (
        <Alert severity="success" role="status">
          {t.success}
        </Alert>
      )}
      {send.isError && (
        <Alert severity="error">
          {send.error instanceof ApiError && send.error.status === 429 ? send.error.message : t.failure}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!isValid || !isDirty || send.isPending}
        startIcon={send.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
        sx={{ alignSelf: { sm: 'flex-start' } }}
      >
        {send.isPending ? t.sending : t.send}
      </Button>
    </Stack>
  );
}
