import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useForm, useWatch } from 'react-hook-form';
import { applyApiError } from '#client/components/form/apply-api-error.ts';
import { FormTextField } from '#client/components/form/form-fields.tsx';
import { FormRadioGroup } from '#client/components/form/form-radio-group.tsx';
import { lazyZodResolver } from '#client/components/form/lazy-zod-resolver.ts';
import { complaintsText } from '#client/i18n/fi/complaints.ts';
import {
  complaintReasonLabels,
  complaintReasons,
  maxComplaintTextLength,
} from '#shared/complaints/complaint-rules.ts';
import type { FileComplaint } from '#shared/complaints/complaints.schema.ts';
import { finnishDateTime } from '#shared/dates.ts';
import { useFileComplaint } from '../api/file-complaint.ts';
import { EvidenceForm, useEvidenceFiles } from './evidence-form.tsx';

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
  const evidence = useEvidenceFiles();
  const form = useForm<FileComplaint>({
    resolver: lazyZodResolver(() =>
      import('#shared/complaints/complaints.schema.ts').then((m) => m.fileComplaintSchema),
    ),
    defaultValues: { description: '' },
  });
  const description = useWatch({ control: form.control, name: 'description' }) ?? '';

  const submit = form.handleSubmit((complaint) =>
    filing.mutateAsync({ complaint, evidence: evidence.files }).then(onFiled, (error: unknown) => {
      if (!evidence.showRefusal(error)) {
        applyApiError(form, error, { fields: ['reason', 'description'], fallback: t.failed });
      }
    }),
  );

  const busy = filing.isPending;
  return (
    <EvidenceForm
      titleId="complaint-form-title"
      title={t.title}
      intro={
        <>
          <Typography sx={{ mb: 0.5 }}>{t.lead}</Typography>
          <Typography sx={{ fontWeight: 600, mb: 2.5 }}>
            {t.deadline(finnishDateTime(new Date(fileUntil)))}
          </Typography>
        </>
      }
      form={form}
      evidence={evidence}
      onSubmit={submit}
      busy={busy}
      submitLabel={t.submit}
      pendingLabel={t.submitting}
      fields={
        <>
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
        </>
      }
      note={<Alert severity="info">{t.holdNote}</Alert>}
    />
  );
}
