import Box from '@mui/material/Box';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { common } from '#client/i18n/fi/common.ts';

const t = common.countdown;
const minute = 60_000;

/** 'X pv Y h', 'X h Y min' or 'X min' until the start (spec 01 §2, spec 02 §2). */
export function countdownText(msLeft: number): string {
  const totalMinutes = Math.max(0, Math.floor(msLeft / minute));
  const days = Math.floor(totalMinutes / (24 * 60));
  const hours = Math.floor((totalMinutes % (24 * 60)) / 60);
  const minutes = totalMinutes % 60;
  if (days > 0) return t.daysHours(days, hours);
  if (hours > 0) return t.hoursMinutes(hours, minutes);
  return t.minutes(minutes);
}

/**
 * Time left until the event, ticking every minute: the ticket page and the seller's own listings.
 * It starts from `asOf`, the time the data was fetched, so a page the server drew is taken over
 * with the same text, then corrected at once to the browser's clock.
 */
export function EventCountdown({
  start,
  asOf,
  variant,
}: {
  start: number;
  asOf: number;
  variant?: TypographyProps['variant'];
}) {
  // The text, not the time: set to the same text, React leaves the countdown as it is, so a list of
  // cards is not drawn again when each countdown checks the browser's clock right after mount.
  const [text, setText] = useState(() => (start > asOf ? countdownText(start - asOf) : null));
  useEffect(() => {
    const tick = () => {
      const now = Date.now();
      setText(start > now ? countdownText(start - now) : null);
    };
    tick();
    const timer = window.setInterval(tick, minute);
    return () => window.clearInterval(timer);
  }, [start]);
  if (text === null) return null;
  return (
    <Typography data-testid="event-countdown" variant={variant} sx={{ fontWeight: 600 }}>
      {t.label}:{' '}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {text}
      </Box>
    </Typography>
  );
}
