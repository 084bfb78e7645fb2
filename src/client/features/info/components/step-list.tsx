import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

interface Step {
  title: string;
  text: string;
}

interface Props {
  steps: readonly Step[];
}

/** Numbered steps side by side on wide screens and one under another on phones. */
export function StepList({ steps }: Props) {
  return (
    <Grid component="ol" container spacing={{ xs: 2, md: 3 }} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {steps.map((step, index) => (
        <Grid component="li" key={step.title} size={{ xs: 12, md: 4 }}>
          <Paper variant="outlined" sx={{ height: '100%', p: { xs: 2.5, md: 3 } }}>
            <Box
              // The ordered list already tells screen readers the step number.
              aria-hidden
              sx={{
                width: 48,
                height: 48,
                borderRadius: '50%',
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                fontSize: '1.4rem',
                fontWeight: 800,
                mb: 2,
              }}
            >
              {index + 1}
            </Box>
            <Typography variant="h3" sx={{ fontSize: '1.25rem', mb: 1 }}>
              {step.title}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>{step.text}</Typography>
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}
