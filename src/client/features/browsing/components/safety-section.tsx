import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { browsingText as t } from '#client/i18n/fi/browsing.ts';

/** The home page's safety and fee promises (spec 01 §2, §9: 3 % + 3 %, payout after the event). */
export function SafetySection() {
  return (
    <section aria-labelledby="safety-title">
      <Typography id="safety-title" variant="h2" sx={{ mb: 3 }}>
        {t.safety.title}
      </Typography>
      <Grid container spacing={2}>
        {t.safety.items.map((item) => (
          <Grid key={item.title} size={{ xs: 12, sm: 6, md: 3 }}>
            <Paper variant="outlined" sx={{ p: 3, height: '100%' }}>
              <Typography component="h3" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
                {item.title}
              </Typography>
              <Typography color="text.secondary">{item.text}</Typography>
            </Paper>
          </Grid>
        ))}
      </Grid>
    </section>
  );
}
