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
      <DialogContent sx={{ pt: 1 }}>
        {/* Every step in the same cell, only the current one shown: the dialog is as tall as the
            longest step, so the buttons stay where the thumb is. Read out again when the step
            changes, as the buttons keep the focus. */}
        <Box aria-live="polite" sx={{ display: 'grid' }}>
          {t.steps.map((item, index) => {
            const shown = index === step;
            const StepIcon = stepIcons[index] ?? stepIcons[0];
            return (
              <Box key={item.title} sx={{ gridArea: '1 / 1', visibility: shown ? 'visible' : 'hidden' }}>
                <Box
                  sx={{
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
                <Typography
                  id={shown ? 'seller-tutorial-title' : undefined}
                  variant="h2"
                  sx={{ mt: 2, mb: 1, fontSize: '1.35rem', fontWeight: 750 }}
                >
                  {item.title}
                </Typography>
                <Typography id={shown ? 'seller-tutorial-text' : undefined}>{item.text}</Typography>
              </Box>
            );
          })}
        </Box>
        {complete.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {sellingMessages.tutorialSaveFailed}
          </Alert>
        )}
      </DialogContent>
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
