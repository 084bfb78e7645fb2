import Typography from '@mui/material/Typography';
import { useForm, useWatch } from 'react-hook-form';
import { applyApiError } from '#client/components/form/apply-api-error.ts';
import { FormTextField } from '#client/components/form/form-fields.tsx';
import { lazyZodResolver } from '#client/components/form/lazy-zod-resolver.ts';
import { complaintsText } from '#client/i18n/fi/complaints.ts';
import { maxComplaintTextLength } from '#shared/complaints/complaint-rules.ts';
import type { ComplaintResponse } from '#shared/complaints/complaints.schema.ts';
import { useRespondToComplaint } from '../api/respond-to-complaint.ts';
import { EvidenceForm, useEvidenceFiles } from './evidence-form.tsx';

const t = complaintsText.respond;

interface Props {
  userId: string;
  ticketId: string;
  onSent(): void;
}

/** The seller's one answer to an open complaint: their side of it, with evidence of their own. */
export function ResponseForm({ userId, ticketId, onSent }: Props) {
  const responding = useRespondToComplaint(userId, ticketId);
  const evidence = useEvidenceFiles();
  const form = useForm<ComplaintResponse>({
    resolver: lazyZodResolver(() =>
      import('#shared/complaints/complaints.schema.ts').then((m) => m.complaintResponseSchema),
    ),
    defaultValues: { text: '' },
  });
  const text = useWatch({ control: form.control, name: 'text' }) ?? '';

  const submit = form.handleSubmit((response) =>
    responding.mutateAsync({ response, evidence: evidence.files }).then(onSent, (error: unknown) => {
      if (!evidence.showRefusal(error)) {
        applyApiError(form, error, { fields: ['text'], fallback: t.failed });
      }
    }),
  );

  const busy = responding.isPending;
  return (
    <EvidenceForm
      titleId="response-form-title"
      title={t.title}
      intro={<Typography sx={{ mb: 2.5 }}>{t.lead}</Typography>}
      form={form}
      evidence={evidence}
      onSubmit={submit}
      busy={busy}
      submitLabel={t.submit}
      pendingLabel={t.submitting}
      fields={
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
      }
    />
  );
}
