import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { reopenConsentBanner } from '#client/features/consent/consent-store.ts';
import { useNewsletterDialog } from '#client/features/contact/newsletter-provider.tsx';
import { common } from '#client/i18n/fi/common.ts';
import { consentText } from '#client/i18n/fi/consent.ts';
import { siteConfig } from '#client/lib/site-config.ts';
import { navItems, siteMapId } from './nav-items.ts';

const t = common.footer;
const footerLink = { color: '#f3e3d0', textAlign: 'left', font: 'inherit', p: 0 } as const;

export function SiteFooter() {
  const { openNewsletter } = useNewsletterDialog();
  return (
    <Box component="footer" sx={{ bgcolor: 'secondary.main', color: '#f3e3d0', mt: 'auto', py: 5 }}>
      <Container maxWidth="lg">
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 3 }}>
            <img
              src="/images/logo.svg"
              alt={common.productName}
              width={144}
              height={32}
              style={{ filter: 'brightness(0) invert(1)' }}
            />
            <Typography sx={{ mt: 1.5 }}>{t.tagline}</Typography>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t.businessId} {siteConfig.businessId}
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, sm: 4, md: 3 }}>
            <Box
              component="nav"
              id={siteMapId}
              aria-labelledby={`${siteMapId}-title`}
              sx={{ scrollMarginTop: 72 }}
            >
              <Typography id={`${siteMapId}-title`} component="h2" variant="h4" sx={{ color: '#fff', mb: 1 }}>
                {t.siteMapTitle}
              </Typography>
              <Stack sx={{ gap: 0.75, alignItems: 'flex-start' }}>
                {navItems.map((item) => (
                  <Link key={item.to} component={RouterLink} to={item.to} sx={footerLink}>
                    {item.label}
                  </Link>
                ))}
                <Link component={RouterLink} to="/miten-se-toimii" sx={footerLink}>
                  {t.howItWorks}
                </Link>
              </Stack>
            </Box>
          </Grid>
          <Grid size={{ xs: 12, sm: 4, md: 3 }}>
            <Typography component="h2" variant="h4" sx={{ color: '#fff', mb: 1 }}>
              {t.linksTitle}
            </Typography>
            <Stack sx={{ gap: 0.75, alignItems: 'flex-start' }}>
              <Link component={RouterLink} to="/tietoa-meista" sx={footerLink}>
                {t.about}
              </Link>
              <Link component={RouterLink} to="/kayttoehdot" sx={footerLink}>
                {t.terms}
              </Link>
              <Link component={RouterLink} to="/tietosuojaseloste" sx={footerLink}>
                {t.privacy}
              </Link>
              <Link component={RouterLink} to="/saavutettavuus" sx={footerLink}>
                {t.accessibility}
              </Link>
              <Link component="button" type="button" onClick={openNewsletter} sx={footerLink}>
                {t.newsletter}
              </Link>
              <Link component="button" type="button" onClick={reopenConsentBanner} sx={footerLink}>
                {consentText.reopen}
              </Link>
              <Link
                href={siteConfig.pressArticleUrl}
                target="_blank"
                rel="noopener noreferrer"
                sx={footerLink}
              >
                {t.article}
              </Link>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, sm: 4, md: 3 }}>
            <Typography component="h2" variant="h4" sx={{ color: '#fff', mb: 1 }}>
              {t.contactTitle}
            </Typography>
            <Link href={`mailto:${siteConfig.supportEmail}`} sx={footerLink}>
              {siteConfig.supportEmail}
            </Link>
            <Typography component="h2" variant="h4" sx={{ color: '#fff', mt: 2, mb: 0.5 }}>
              {t.followUs}
            </Typography>
            <Stack direction="row" sx={{ gap: 1, ml: -1 }}>
              <IconButton
                href={siteConfig.instagramUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t.instagram}
                sx={{ color: '#f3e3d0' }}
              >
                <InstagramIcon />
              </IconButton>
              <IconButton
                href={siteConfig.facebookUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t.facebook}
                sx={{ color: '#f3e3d0' }}
              >
                <FacebookIcon />
              </IconButton>
            </Stack>
          </Grid>
        </Grid>
        <Typography variant="body2" sx={{ mt: 4, pt: 2, borderTop: 1, borderColor: 'rgba(255,255,255,0.2)' }}>
          {t.copyright(new Date().getFullYear())}
        </Typography>
      </Container>
    </Box>
  );
}
