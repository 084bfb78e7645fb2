import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEventHandler, type ReactNode, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { type AnyForm, FormError } from '#client/components/form/form-fields.tsx';
import { SubmitButton } from '#client/components/form/submit-button.tsx';
import { evidenceError } from '../complaint-rules.ts';
import { EvidencePicker } from './evidence-picker.tsx';

/**
 * The evidence files of a complaint or its answer, and the server's refusal of them: shown at the
 * picker rather than over the form, since only the files need changing.
 */
export function useEvidenceFiles() {
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string>();
  return {
    files,
    error,
    change(next: File[]) {
      setFiles(next);
      setError(undefined);
    },
    /** Shows the server's refusal of the files at the picker; false when the failure was another. */
    showRefusal(failure: unknown): boolean {
      const message = evidenceError(failure);
      if (message) setError(message);
      return message !== undefined;
    },
  };
}

interface Props<Values extends FieldValues> {
  /** The id of the title, which names both the section and its form. */
  titleId: string;
  title: string;
  /** What stands between the title and the fields. */
  intro: ReactNode;
  form: AnyForm<Values>;
  evidence: ReturnType<typeof useEvidenceFiles>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  busy: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** The form's own fields, above the evidence picker. */
  fields: ReactNode;
  /** What to say after the evidence, before the form's error and its button. */
  note?: ReactNode;
}

/** A complaint or its answer: title, fields, evidence picker, the form's error and its button. */
export function EvidenceForm<Values extends FieldValues>({
  titleId,
  title,
  intro,
  form,
  evidence,
  onSubmit,
  busy,
  submitLabel,
  pendingLabel,
  fields,
  note,
}: Props<Values>) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={titleId} component="h2" variant="h5" sx={{ fontWeight: 750, mb: 1 }}>
        {title}
      </Typography>
      {intro}
      <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
        <Stack sx={{ gap: 3 }}>
          {fields}
          <EvidencePicker
            files={evidence.files}
            onChange={evidence.change}
            disabled={busy}
            error={evidence.error}
          />
          {note}
          <FormError form={form} />
          <Box>
            <SubmitButton pending={busy} pendingLabel={pendingLabel}>
              {submitLabel}
            </SubmitButton>
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}
