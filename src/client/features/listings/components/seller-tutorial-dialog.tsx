import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import CloseIcon from '@mui/icons-material/Close';
import EuroOutlinedIcon from '@mui/icons-material/EuroOutlined';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import TaskAltOutlinedIcon from '@mui/icons-material/TaskAltOutlined';
import WavingHandOutlinedIcon from '@mui/icons-material/WavingHandOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { SubmitButton } from '#client/components/form/submit-button.tsx';
import { sellerTutorialText as t } from '#client/i18n/fi/sell-info.ts';
import { sellingMessages } from '#shared/listings/selling-messages.ts';
import { useCompleteTutorial } from '../api/complete-tutorial.ts';

// One picture per step of t.steps, in the same order.
const stepIcons = [
  WavingHandOutlinedIcon,
  StorefrontOutlinedIcon,
  EuroOutlinedIcon,
  EventAvailableOutlinedIcon,
  CampaignOutlinedIcon,
  TaskAltOutlinedIcon,
] as const;

interface Props {
  open: boolean;
  /** The tutorial is done and stored on the account (the wizard then ticks the terms box). */
  onComplete(): void;
  /** Closed from its close button before the end (the wizard then unticks the terms box). */
  onClose(): void;
}

/**
 * The one-time seller tutorial (spec 02 §2, §4): six steps, then 'Aloita myynti' stores that it was
 * gone through. Neither Escape nor a click beside it closes it, only its own close button: the
 * wizard reads closing as not accepting the terms yet.
 */
export function SellerTutorialDialog({ open, onComplete, onClose }: Props) {
  return (
    <Dialog
      open={open}
      maxWidth="xs"
      fullWidth
      aria-labelledby="seller-tutorial-title"
      aria-describedby="seller-tutorial-text"
    >
      {/* Unmounted while closed, so every opening starts from the first step without old errors. */}
      <TutorialSteps onComplete={onComplete} onClose={onClose} />
    </Dialog>
  );
}

function TutorialSteps({ onComplete, onClose }: Omit<Props, 'open'>) {
  const [step, setStep] = useState(0);
  const complete = useCompleteTutorial();
  const total = t.steps.length;
  const last = step === total - 1;
  const current = t.steps[step] ?? t.steps[0];
  const StepIcon = stepIcons[step] ?? stepIcons[0];

  const finish = () => complete.mutate(undefined, { onSuccess: onComplete });

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', pl: 3, pr: 1, pt: 1 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
          {t.progress(step + 1, total)}
        </Typography>
        <IconButton onClick={onClose} aria-label={t.close} disabled={complete.isPending} sx={{ ml: 'auto' }}>
          <CloseIcon />
        </IconButton>
      </Box>
      {/* Read out again when the step changes: the buttons keep the focus. */}
      <Box aria-live="polite" sx={{ minHeight: 270 }}>
        <Box
          aria-hidden
          sx={{
            mx: 3,
            mt: 1,
            width: 56,
            height: 56,
            borderRadius: '50%',
            bgcolor: 'primary.light',
            display: 'grid',
            placeItems: 'center',
          }}
        >
          <StepIcon sx={{ fontSize: 30, color: 'secondary.main' }} />
        </Box>
        <DialogTitle id="seller-tutorial-title" sx={{ pt: 2, pb: 1, fontSize: '1.35rem', fontWeight: 750 }}>
          {current.title}
        </DialogTitle>
        <DialogContent>
          <Typography id="seller-tutorial-text">{current.text}</Typography>
          {complete.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {sellingMessages.tutorialSaveFailed}
            </Alert>
          )}
        </DialogContent>
      </Box>
      <Box aria-hidden sx={{ display: 'flex', justifyContent: 'center', gap: 1, pb: 1 }}>
        {t.steps.map((item, index) => (
          <Box
            key={item.title}
            sx={{
              width: 8,
              height: 8,
              borderRadius: '50%',
              bgcolor: index <= step ? 'primary.dark' : 'divider',
            }}
          />
        ))}
      </Box>
      <DialogActions sx={{ px: 3, pb: 2.5, justifyContent: 'space-between' }}>
        <Button
          color="secondary"
          onClick={() => setStep(step - 1)}
          disabled={step === 0 || complete.isPending}
        >
          {t.back}
        </Button>
        {last ? (
          <SubmitButton type="button" size="large" pending={complete.isPending} onClick={finish}>
            {t.finish}
          </SubmitButton>
        ) : (
          <Button variant="contained" size="large" onClick={() => setStep(step + 1)}>
            {t.next}
          </Button>
        )}
      </DialogActions>
    </>
  );
}
