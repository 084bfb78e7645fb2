import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DocumentSections } from '#client/components/document-sections.tsx';
import { termsText } from '#client/i18n/fi/info.ts';
import { termsDialogText as t } from '#client/i18n/fi/sell-info.ts';

interface Props {
  open: boolean;
  onClose(): void;
}

/**
 * The terms of /kayttoehdot in a dialog (spec 02 §2 "Terms dialog"), for the wizard's last step:
 * full screen on a phone, the text scrolling between a fixed title and close button.
 */
export function TermsDialog({ open, onClose }: Props) {
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      scroll="paper"
      maxWidth="md"
      fullWidth
      aria-labelledby="terms-dialog-title"
    >
      <DialogTitle
        id="terms-dialog-title"
        sx={{ pb: 0.5, fontSize: { xs: '1.4rem', sm: '1.6rem' }, fontWeight: 800 }}
      >
        {termsText.title}
      </DialogTitle>
      <Typography sx={{ px: 3, pb: 1.5, color: 'text.secondary' }}>{termsText.updated}</Typography>
      <DialogContent dividers sx={{ pt: 0 }}>
        <DocumentSections sections={termsText.sections} headingLevel="h3" />
        <Typography sx={{ mt: 3 }}>
          {termsText.privacyLink.before}
          {/* A new tab: leaving the wizard would lose the ticket files chosen so far. */}
          <Link href="/tietosuojaseloste" target="_blank" rel="noopener" sx={{ fontWeight: 600 }}>
            {termsText.privacyLink.text}
            <OpenInNewIcon
              titleAccess={t.newTab}
              fontSize="inherit"
              sx={{ ml: 0.5, verticalAlign: '-0.125em' }}
            />
          </Link>
          {termsText.privacyLink.after}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} variant="contained" size="large">
          {t.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
