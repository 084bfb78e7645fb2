import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { browsingText } from '#client/i18n/fi/browsing.ts';

// A ticket's facts as a description list: label beside value from the small tablet width up,
// stacked on a phone. The ticket page and the checkout show the same facts the same way.

export function DetailList({ children, sx }: { children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Box
      component="dl"
      sx={[
        {
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' },
          columnGap: 3,
          rowGap: 1,
          m: 0,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}

/** One fact; `small` in the smaller type of a dense card. */
export function Detail({ label, small, children }: { label: string; small?: boolean; children: ReactNode }) {
  const variant = small ? 'body2' : 'body1';
  return (
    <>
      <Typography component="dt" variant={variant} sx={{ color: 'text.secondary', fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" variant={variant} sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

/** The seats of an assigned-seat listing, one line each ('Paikka 1: lohko …, rivi …, paikka …'). */
export function SeatLines({ seats }: { seats: readonly { sector: string; row: string; seat: string }[] }) {
  return seats.map((seat, index) => (
    <Box component="span" key={`${seat.sector}-${seat.row}-${seat.seat}-${index}`} sx={{ display: 'block' }}>
      {browsingText.seatLine(index + 1, seat.sector, seat.row, seat.seat)}
    </Box>
  ));
}
