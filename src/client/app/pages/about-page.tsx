import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import PercentIcon from '@mui/icons-material/Percent';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { ContactForm } from '#client/features/contact/components/contact-form.tsx';
import { CompanyInfoDialog } from '#client/features/info/components/company-info-dialog.tsx';
import { aboutText as t } from '#client/i18n/fi/info.ts';

// One icon per pricing promise, in the order of aboutText.pricing.promises.
const promiseIcons = [PercentIcon, ReceiptLongOutlinedIcon, VerifiedUserOutlinedIcon] as const;

const sectionHeading = { fontSize: { xs: '1.6rem', md: '1.9rem' }, mb: { xs: 2, md: 3 } } as const;

export function AboutPage() {
  const [legalOpen, setLegalOpen] = useState(false);

  useEffect(() => {
    document.title = t.documentTitle;
  }, []);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 7 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.6rem' } }}>
        {t.title}
      </Typography>
      <Typography sx={{ mt: 2, maxWidth: 760, fontSize: '1.15rem', color: 'text.secondary' }}>
        {t.lead}
      </Typography>

      <Box component="section" sx={{ mt: { xs: 5, md: 7 }, maxWidth: 760 }}>
        <Typography variant="h2" sx={sectionHeading}>
          {t.story.title}
        </Typography>
        {t.story.paragraphs.map((paragraph) => (
          <Typography key={paragraph} sx={{ mb: 2, fontSize: '1.05rem' }}>
            {paragraph}
          </Typography>
        ))}
      </Box>

      <Box component="section" sx={{ mt: { xs: 5, md: 7 } }}>
        <Typography variant="h2" sx={sectionHeading}>
          {t.founders.title}
        </Typography>
        <Grid container spacing={{ xs: 2, md: 3 }}>
          {t.founders.people.map((person) => (
            <Grid key={person.name} size={{ xs: 12, sm: 6, md: 4 }}>
              <Paper variant="outlined" sx={{ height: '100%', p: { xs: 2.5, md: 3 } }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
                  <Avatar
                    aria-hidden
                    sx={{
                      width: 64,
                      height: 64,
                      bgcolor: 'primary.main',
                      color: 'primary.contrastText',
                      fontWeight: 800,
                      fontSize: '1.4rem',
                    }}
                  >
                    {person.initials}
                  </Avatar>
                  <Box>
                    <Typography variant="h3" sx={{ fontSize: '1.2rem' }}>
                      {person.name}
                    </Typography>
                    <Typography sx={{ color: 'text.secondary' }}>{person.role}</Typography>
                  </Box>
                </Box>
                <Typography>{person.bio}</Typography>
              </Paper>
            </Grid>
          ))}
        </Grid>
      </Box>

      <Box component="section" sx={{ mt: { xs: 5, md: 7 } }}>
        <Typography variant="h2" sx={sectionHeading}>
          {t.pricing.title}
        </Typography>
        <Grid container spacing={{ xs: 2, md: 3 }}>
          {t.pricing.promises.map((promise, index) => {
            const Icon = promiseIcons[index] ?? VerifiedUserOutlinedIcon;
            return (
              <Grid key={promise.title} size={{ xs: 12, md: 4 }}>
                <Paper elevation={0} sx={{ height: '100%', p: { xs: 2.5, md: 3 }, bgcolor: 'primary.light' }}>
                  <Icon sx={{ fontSize: 36, mb: 1 }} aria-hidden />
                  <Typography variant="h3" sx={{ fontSize: '1.25rem', mb: 1 }}>
                    {promise.title}
                  </Typography>
                  <Typography>{promise.text}</Typography>
                </Paper>
              </Grid>
            );
          })}
        </Grid>
        <Button
          onClick={() => setLegalOpen(true)}
          variant="outlined"
          color="secondary"
          startIcon={<BusinessOutlinedIcon />}
          sx={{ mt: 3 }}
        >
          {t.legal.button}
        </Button>
        <CompanyInfoDialog open={legalOpen} onClose={() => setLegalOpen(false)} />
      </Box>

      <Box component="section" sx={{ mt: { xs: 5, md: 7 }, maxWidth: 760 }}>
        <Typography variant="h2" sx={{ ...sectionHeading, mb: 1 }}>
          {t.contact.title}
        </Typography>
        <Typography sx={{ mb: 3, color: 'text.secondary' }}>{t.contact.text}</Typography>
        <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 4 } }}>
          <ContactForm />
        </Paper>
      </Box>
    </Container>
  );
}
