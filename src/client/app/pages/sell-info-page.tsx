import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import EuroOutlinedIcon from '@mui/icons-material/EuroOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import PercentOutlinedIcon from '@mui/icons-material/PercentOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAuthValue } from '#client/features/accounts/auth-store.ts';
import { SocialSignInButtons } from '#client/features/accounts/components/social-sign-in-buttons.tsx';
import { loginReturnPath, rememberReturnTo } from '#client/features/accounts/return-to.ts';
import { useFromPath } from '#client/features/accounts/use-redirect-when-signed-in.ts';
import { RichTextView } from '#client/features/info/components/rich-text.tsx';
import { sellInfoText as t } from '#client/i18n/fi/sell-info.ts';

const sellPath = '/myy-lippu';
// One picture per point of t.how, in the same order.
const howIcons = [EuroOutlinedIcon, PercentOutlinedIcon, FactCheckOutlinedIcon, AccountBalanceOutlinedIcon];

/**
 * The gate to selling (spec 01 §2, spec 02 §2): what selling is and its terms in short, and the
 * ways in for a visitor; a signed-in user goes straight on to the wizard.
 */
export function SellInfoPage() {
  const signedIn = useAuthValue((auth) => auth.isAuthenticated);
  // The sell page's guard sends the address it was asked for; opened directly, the sell page.
  const target = loginReturnPath(useFromPath()) ?? sellPath;

  useEffect(() => {
    document.title = t.documentTitle;
  }, []);

  // Whichever way in is taken, the user comes back to sell: also over an older stored address.
  const keepTarget = () => {
    rememberReturnTo(target);
    return target;
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <Box
        sx={{
          display: 'grid',
          columnGap: 6,
          rowGap: { xs: 4, md: 5 },
          // On a phone the ways in come right after the introduction; beside the text on a desktop.
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 360px' },
          gridTemplateAreas: {
            xs: '"intro" "start" "how" "terms"',
            md: '"intro start" "how start" "terms start"',
          },
          gridTemplateRows: { md: 'auto auto 1fr' },
        }}
      >
        <Box sx={{ gridArea: 'intro' }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.6rem' } }}>
            {t.title}
          </Typography>
          <Typography sx={{ mt: 2, maxWidth: 720, fontSize: '1.15rem', color: 'text.secondary' }}>
            {t.lead}
          </Typography>
        </Box>

        <Box sx={{ gridArea: 'start' }}>
          <Paper
            component="section"
            aria-labelledby="sell-info-start"
            elevation={0}
            sx={{
              p: { xs: 2.5, md: 3.5 },
              bgcolor: 'primary.light',
              position: { md: 'sticky' },
              top: { md: 24 },
            }}
          >
            <Typography id="sell-info-start" variant="h2" sx={{ fontSize: { xs: '1.4rem', md: '1.6rem' } }}>
              {t.startHeading}
            </Typography>
            {signedIn ? (
              <>
                <Typography sx={{ mt: 1.5, mb: 3 }}>{t.signedInText}</Typography>
                <Button
                  component={RouterLink}
                  to={target}
                  variant="contained"
                  color="secondary"
                  size="large"
                  fullWidth
                >
                  {t.goSell}
                </Button>
              </>
            ) : (
              <>
                <Typography sx={{ mt: 1.5, mb: 3 }}>{t.visitorText}</Typography>
                {/* Every outlined button white, as the login button, on the card's brand colour. */}
                <Stack sx={{ gap: 1.5, '& .MuiButton-outlined': { bgcolor: 'background.paper' } }}>
                  <Button
                    component={RouterLink}
                    to="/rekisteroidy"
                    state={{ from: target }}
                    onClick={keepTarget}
                    variant="contained"
                    color="secondary"
                    size="large"
                    fullWidth
                  >
                    {t.register}
                  </Button>
                  <Button
                    component={RouterLink}
                    to="/kirjaudu"
                    state={{ from: target }}
                    onClick={keepTarget}
                    variant="outlined"
                    color="secondary"
                    size="large"
                    fullWidth
                  >
                    {t.login}
                  </Button>
                  <SocialSignInButtons returnTo={keepTarget} />
                </Stack>
              </>
            )}
          </Paper>
        </Box>

        <Box component="section" aria-labelledby="sell-info-how" sx={{ gridArea: 'how' }}>
          <Typography
            id="sell-info-how"
            variant="h2"
            sx={{ fontSize: { xs: '1.5rem', md: '1.8rem' }, mb: 2.5 }}
          >
            {t.howHeading}
          </Typography>
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            }}
          >
            {t.how.map((point, index) => {
              const Icon = howIcons[index] ?? EuroOutlinedIcon;
              return (
                <Paper component="li" key={point.title} variant="outlined" sx={{ p: { xs: 2.5, md: 3 } }}>
                  <Icon aria-hidden sx={{ fontSize: 32, color: 'primary.dark', mb: 1 }} />
                  <Typography variant="h3" sx={{ fontSize: '1.2rem', mb: 1 }}>
                    {point.title}
                  </Typography>
                  <Typography sx={{ color: 'text.secondary' }}>{point.text}</Typography>
                </Paper>
              );
            })}
          </Box>
        </Box>

        <Box component="section" aria-labelledby="sell-info-terms" sx={{ gridArea: 'terms' }}>
          <Typography
            id="sell-info-terms"
            variant="h2"
            sx={{ fontSize: { xs: '1.5rem', md: '1.8rem' }, mb: 2 }}
          >
            {t.termsHeading}
          </Typography>
          <Box component="ul" sx={{ pl: 3, mt: 0, mb: 2 }}>
            {t.terms.map((term) => (
              <Typography component="li" key={term} sx={{ mb: 1 }}>
                {term}
              </Typography>
            ))}
          </Box>
          <Typography>
            <RichTextView text={t.fullTerms} />
          </Typography>
        </Box>
      </Box>
    </Container>
  );
}
