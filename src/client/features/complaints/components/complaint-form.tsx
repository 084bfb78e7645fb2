import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { applyApiError } from '#client/components/form/apply-api-error.ts';
import { FormError, FormTextField } from '#client/components/form/form-fields.tsx';
import { FormRadioGroup } from '#client/components/form/form-radio-group.tsx';
import { lazyZodResolver } from '#client/components/form/lazy-zod-resolver.ts';
import { SubmitButton } from '#client/components/form/submit-button.tsx';
import { complaintsText } from '#client/i18n/fi/complaints.ts';
import {
  complaintReasonLabels,
  complaintReasons,
  maxComplaintTextLength,
} from '#shared/complaints/complaint-rules.ts';
import type { FileComplaint } from '#shared/complaints/complaints.schema.ts';
import { finnishDateTime } from '#shared/dates.ts';
import { useFileComplaint } from '../api/file-complaint.ts';
import { evidenceError } from '../complaint-rules.ts';
import { EvidencePicker } from './evidence-picker.tsx';

const t = complaintsText.file;
const reasonOptions = complaintReasons.map((reason) => ({
  value: reason,
  label: complaintReasonLabels[reason],
}));

interface Props {
  userId: string;
  ticketId: string;
  /** When the complaint window closes (ISO). */
  fileUntil: string;
  onFiled(): void;
}

/**
 * The buyer's complaint: why, what happened, and evidence. The seller's payout is held from the
 * moment it is filed, which the form says before it is sent.
 */
export function ComplaintForm({ userId, ticketId, fileUntil, onFiled }: Props) {
  const filing = useFileComplaint(userId, ticketId);
  const [evidence, setEvidence] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string>();
  const form = useForm<FileComplaint>({
    resolver: lazyZodResolver(() =>
      import('#shared/complaints/complaints.schema.ts').then((m) => m.fileComplaintSchema),
    ),
    defaultValues: { description: '' },
  });
  const description = useWatch({ control: form.control, name: 'description' }) ?? '';

  const submit = form.handleSubmit((complaint) =>
    filing.mutateAsync({ complaint, evidence }).then(onFiled, (error: unknown) => {
      const files = evidenceError(error);
      if (files) {
        setFilesError(files);
        return;
      }
      applyApiError(form, error, { fields: ['reason', 'description'], fallback: t.failed });
    }),
  );

  const busy = filing.isPending;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="complaint-form-title"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="complaint-form-title" component="h2" variant="h5" sx={{ fontWeight: 750, mb: 1 }}>
        {t.title}
      </Typography>
      <Typography sx={{ mb: 0.5 }}>{t.lead}</Typography>
      <Typography sx={{ fontWeight: 600, mb: 2.5 }}>
        {t.deadline(finnishDateTime(new Date(fileUntil)))}
      </Typography>
      <Box component="form" noValidate onSubmit={submit} aria-labelledby="complaint-form-title">
        <Stack sx={{ gap: 3 }}>
          <FormRadioGroup
            form={form}
            name="reason"
            label={t.reasonLabel}
            options={reasonOptions}
            disabled={busy}
          />
          <FormTextField
            form={form}
            name="description"
            label={t.descriptionLabel}
            hint={`${t.descriptionHint} ${description.length}/${maxComplaintTextLength}`}
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
          <Alert severity="info">{t.holdNote}</Alert>
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
