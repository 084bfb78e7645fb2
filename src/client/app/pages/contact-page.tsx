import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect } from 'react';
import { ContactForm } from '#client/features/contact/components/contact-form.tsx';
import { RichTextView } from '#client/features/info/components/rich-text.tsx';
import { contactPageText as t } from '#client/i18n/fi/info.ts';
import { siteConfig } from '#client/lib/site-config.ts';

function ContactRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <Box sx={{ color: 'primary.dark', display: 'flex', pt: 0.25 }} aria-hidden>
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 650 }}>
          {label}
        </Typography>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{children}</Typography>
      </Box>
    </Box>
  );
}

export function ContactPage() {
  useEffect(() => {
    document.title = t.documentTitle;
  }, []);

  // tel: links dial only digits and the leading plus.
  const phoneHref = `tel:${siteConfig.supportPhone.replace(/[^\d+]/g, '')}`;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 7 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.6rem' } }}>
        {t.title}
      </Typography>
      <Typography
        sx={{ mt: 2, mb: { xs: 4, md: 5 }, maxWidth: 720, fontSize: '1.15rem', color: 'text.secondary' }}
      >
        {t.lead}
      </Typography>

      <Grid container spacing={{ xs: 3, md: 4 }}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Paper component="section" variant="outlined" sx={{ p: { xs: 2.5, md: 4 } }}>
            <Typography variant="h2" sx={{ fontSize: { xs: '1.4rem', md: '1.6rem' }, mb: 3 }}>
              {t.detailsTitle}
            </Typography>
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
              <ContactRow icon={<EmailOutlinedIcon />} label={t.email}>
                <Link href={`mailto:${siteConfig.supportEmail}`}>{siteConfig.supportEmail}</Link>
              </ContactRow>
              <ContactRow icon={<PhoneOutlinedIcon />} label={t.phone}>
                <Link href={phoneHref}>{siteConfig.supportPhone}</Link>
              </ContactRow>
              <ContactRow icon={<ScheduleOutlinedIcon />} label={t.hoursTitle}>
                {t.hours}
              </ContactRow>
            </Box>
            <Typography
              sx={{ mt: 3, pt: 2.5, borderTop: 1, borderColor: 'divider', color: 'text.secondary' }}
            >
              <RichTextView text={t.faqHint} />
            </Typography>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper component="section" variant="outlined" sx={{ p: { xs: 2.5, md: 4 } }}>
            <Typography variant="h2" sx={{ fontSize: { xs: '1.4rem', md: '1.6rem' }, mb: 3 }}>
              {t.formTitle}
            </Typography>
            <ContactForm />
          </Paper>
        </Grid>
      </Grid>
    </Container>
  );
}
