import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { applyApiError } from '#client/components/form/apply-api-error.ts';
import { FormError, FormTextField } from '#client/components/form/form-fields.tsx';
import { lazyZodResolver } from '#client/components/form/lazy-zod-resolver.ts';
import { SubmitButton } from '#client/components/form/submit-button.tsx';
import { complaintsText } from '#client/i18n/fi/complaints.ts';
import { maxComplaintTextLength } from '#shared/complaints/complaint-rules.ts';
import type { ComplaintResponse } from '#shared/complaints/complaints.schema.ts';
import { useRespondToComplaint } from '../api/respond-to-complaint.ts';
import { evidenceError } from '../complaint-rules.ts';
import { EvidencePicker } from './evidence-picker.tsx';

const t = complaintsText.respond;

interface Props {
  userId: string;
  ticketId: string;
  onSent(): void;
}

/** The seller's one answer to an open complaint: their side of it, with evidence of their own. */
export function ResponseForm({ userId, ticketId, onSent }: Props) {
  const responding = useRespondToComplaint(userId, ticketId);
  const [evidence, setEvidence] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string>();
  const form = useForm<ComplaintResponse>({
    resolver: lazyZodResolver(() =>
      import('#shared/complaints/complaints.schema.ts').then((m) => m.complaintResponseSchema),
    ),
    defaultValues: { text: '' },
  });
  const text = useWatch({ control: form.control, name: 'text' }) ?? '';

  const submit = form.handleSubmit((response) =>
    responding.mutateAsync({ response, evidence }).then(onSent, (error: unknown) => {
      const files = evidenceError(error);
      if (files) {
        setFilesError(files);
        return;
      }
      applyApiError(form, error, { fields: ['text'], fallback: t.failed });
    }),
  );

  const busy = responding.isPending;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="response-form-title"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="response-form-title" component="h2" variant="h5" sx={{ fontWeight: 750, mb: 1 }}>
        {t.title}
      </Typography>
      <Typography sx={{ mb: 2.5 }}>{t.lead}</Typography>
      <Box component="form" noValidate onSubmit={submit} aria-labelledby="response-form-title">
        <Stack sx={{ gap: 3 }}>
          <FormTextField
            form={form}
            name="text"
            label={t.textLabel}
            hint={`${text.length}/${maxComplaintTextLength}`}
            required
            multiline
            minRows={4}
            disabled={busy}
            slotProps={{ htmlInput: { maxLength: maxComplaintTextLength } }}
          />
          <EvidencePicker
            files={evidence}
            onChange={(files) => {
              setEvidence(files);
              setFilesError(undefined);
            }}
            disabled={busy}
            error={filesError}
          />
          <FormError form={form} />
          <Box>
            <SubmitButton pending={busy} pendingLabel={t.submitting}>
              {t.submit}
            </SubmitButton>
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}
