import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface Props {
  title: string;
  lead?: string;
  children: ReactNode;
}

/** The narrow card the login, registration, profile completion and password pages sit in. */
export function AuthCard({ title, lead, children }: Props) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.2rem' } }}>
          {title}
        </Typography>
        {lead && <Typography sx={{ mt: 1, color: 'text.secondary' }}>{lead}</Typography>}
        <Box sx={{ mt: 3 }}>{children}</Box>
      </Paper>
    </Container>
  );
}
