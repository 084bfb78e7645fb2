import Alert from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import { common } from '#client/i18n/fi/common.ts';

const t = common.share;

/** Spec 01 §9: the copy snackbar stays 3 s. */
const copiedMessageMs = 3000;

/** The address a listing is shared with: the page that link previews are drawn for. */
export function shareUrl(listingId: string): string {
  return `${window.location.origin}/liput/jaa/${listingId}`;
}

interface Props extends Omit<ButtonProps, 'onClick' | 'children'> {
  listingId: string;
  /** The shared page's title for the share sheet (the event's name). */
  title: string;
}

/**
 * 'Jaa': the device's share sheet where there is one (phones), else the link is copied to the
 * clipboard and a snackbar says so. A share sheet the user closes is not a failure.
 */
export function ShareButton({ listingId, title, ...buttonProps }: Props) {
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  const share = async () => {
    const url = shareUrl(listingId);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        // Refused (no user gesture, a blocked frame): the clipboard still works.
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopied('ok');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <>
      <Button {...buttonProps} onClick={share}>
        {t.button}
      </Button>
      <Snackbar
        open={copied !== null}
        autoHideDuration={copiedMessageMs}
        onClose={() => setCopied(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {copied ? (
          <Alert
            severity={copied === 'ok' ? 'success' : 'error'}
            variant="filled"
            onClose={() => setCopied(null)}
          >
            {copied === 'ok' ? t.copied : t.copyFailed}
          </Alert>
        ) : undefined}
      </Snackbar>
    </>
  );
}
