import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import SellOutlinedIcon from '@mui/icons-material/SellOutlined';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageTabPanel, PageTabs } from '#client/components/page-tabs.tsx';
import { useNewsletterDialog } from '#client/features/contact/newsletter-provider.tsx';
import { StepList } from '#client/features/info/components/step-list.tsx';
import { howItWorksText as t } from '#client/i18n/fi/info.ts';

type Audience = 'selling' | 'buying';

const tabOptions = [
  { value: 'selling', label: t.sellingTab },
  { value: 'buying', label: t.buyingTab },
] as const satisfies readonly { value: Audience; label: string }[];

export function HowItWorksPage() {
  const [tab, setTab] = useState<Audience>('selling');
  const { openNewsletter } = useNewsletterDialog();

  useEffect(() => {
    document.title = t.documentTitle;
  }, []);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 7 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.6rem' } }}>
        {t.title}
      </Typography>
      <Typography
        sx={{ mt: 2, mb: { xs: 3, md: 4 }, maxWidth: 720, fontSize: '1.15rem', color: 'text.secondary' }}
      >
        {t.lead}
      </Typography>

      <PageTabs<Audience>
        idPrefix="how-it-works"
        label={t.tabsLabel}
        value={tab}
        options={tabOptions}
        onChange={setTab}
      />
      <PageTabPanel idPrefix="how-it-works" value="selling" selected={tab}>
        <Typography variant="h2" sx={{ fontSize: { xs: '1.5rem', md: '1.8rem' }, mb: 3 }}>
          {t.selling.heading}
        </Typography>
        <StepList steps={t.selling.steps} />
      </PageTabPanel>
      <PageTabPanel idPrefix="how-it-works" value="buying" selected={tab}>
        <Typography variant="h2" sx={{ fontSize: { xs: '1.5rem', md: '1.8rem' }, mb: 3 }}>
          {t.buying.heading}
        </Typography>
        <StepList steps={t.buying.steps} />
      </PageTabPanel>

      <Grid container spacing={{ xs: 2, md: 3 }} sx={{ mt: { xs: 5, md: 7 } }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper
            component="section"
            sx={{
              height: '100%',
              p: { xs: 3, md: 4 },
              bgcolor: 'primary.light',
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'flex-start',
            }}
            elevation={0}
          >
            <SellOutlinedIcon sx={{ fontSize: 40, mb: 1 }} aria-hidden />
            <Typography variant="h2" sx={{ fontSize: { xs: '1.4rem', md: '1.6rem' } }}>
              {t.sellCard.title}
            </Typography>
            <Typography sx={{ mt: 1.5, mb: 3 }}>{t.sellCard.text}</Typography>
            <Button
              component={RouterLink}
              to="/myy-lippu"
              variant="contained"
              color="secondary"
              size="large"
              sx={{ mt: 'auto' }}
            >
              {t.sellCard.button}
            </Button>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper
            component="section"
            variant="outlined"
            sx={{
              height: '100%',
              p: { xs: 3, md: 4 },
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'flex-start',
            }}
          >
            <MailOutlinedIcon sx={{ fontSize: 40, mb: 1, color: 'primary.dark' }} aria-hidden />
            <Typography variant="h2" sx={{ fontSize: { xs: '1.4rem', md: '1.6rem' } }}>
              {t.newsletter.title}
            </Typography>
            <Typography sx={{ mt: 1.5, mb: 3, color: 'text.secondary' }}>{t.newsletter.text}</Typography>
            <Button onClick={openNewsletter} variant="contained" size="large" sx={{ mt: 'auto' }}>
              {t.newsletter.button}
            </Button>
          </Paper>
        </Grid>
      </Grid>
    </Container>
  );
}
