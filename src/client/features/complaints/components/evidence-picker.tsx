import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { complaintsText } from '#client/i18n/fi/complaints.ts';
import { evidenceAccept, maxEvidenceFiles } from '#shared/complaints/complaint-rules.ts';
import { addEvidence } from '../complaint-rules.ts';

const t = complaintsText.evidence;

interface Props {
  files: File[];
  onChange(files: File[]): void;
  disabled?: boolean;
  /** The server's word on the files (a file it could not take). */
  error?: string;
}

/**
 * Evidence for a complaint or its answer: up to five pictures or PDFs, each listed by its name with
 * a button to take it off again. Kept in memory only, sent with the form.
 */
export function EvidencePicker({ files, onChange, disabled, error }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const hintId = useId();
  const [pickError, setPickError] = useState<string>();
  const add = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    event.target.value = '';
    if (picked.length === 0) return;
    const result = addEvidence(files, picked);
    if ('error' in result) {
      setPickError(result.error);
      return;
    }
    setPickError(undefined);
    onChange(result.files);
  };
  const message = pickError ?? error;
  const full = files.length >= maxEvidenceFiles;
  return (
    <FormControl error={Boolean(message)} disabled={disabled}>
      <FormLabel id={labelId} component="span" sx={{ mb: 1, fontWeight: 600 }}>
        {t.label}
      </FormLabel>
      {/* A real button that opens the hidden input's file dialog: a <label> styled as a button
          would carry role="button", which a label may not have. */}
      <Button
        variant="outlined"
        color="secondary"
        startIcon={<UploadFile />}
        disabled={disabled || full}
        aria-describedby={`${labelId} ${hintId}`}
        onClick={() => input.current?.click()}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t.choose}
      </Button>
      <input
        ref={input}
        type="file"
        accept={evidenceAccept}
        multiple
        hidden
        tabIndex={-1}
        disabled={disabled || full}
        onChange={add}
      />
      {files.length > 0 && (
        <List dense aria-label={t.listLabel} sx={{ py: 0.5 }}>
          {files.map((file, index) => (
            <ListItem
              key={`${file.name}-${index}`}
              disableGutters
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t.remove(file.name)}
                  disabled={disabled}
                  onClick={() => {
                    setPickError(undefined);
                    onChange(files.filter((_, other) => other !== index));
                  }}
                >
                  <DeleteOutline />
                </IconButton>
              }
            >
              <ListItemText
                primary={file.name}
                secondary={t.size(file.size)}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <FormHelperText id={hintId} role={message ? 'alert' : undefined} sx={{ mx: 0 }}>
        {message ?? t.hint}
      </FormHelperText>
    </FormControl>
  );
}
