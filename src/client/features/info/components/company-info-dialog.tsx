import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { aboutText } from '#client/i18n/fi/info.ts';
import { siteConfig } from '#client/lib/site-config.ts';
import { company } from '#shared/company.ts';

const t = aboutText.legal;

interface Props {
  open: boolean;
  onClose(): void;
}

/** The legal company details ("Yritystiedot") of the about page. */
export function CompanyInfoDialog({ open, onClose }: Props) {
  const rows = [
    { label: t.companyName, value: company.name },
    { label: t.businessId, value: siteConfig.businessId },
    { label: t.address, value: `${company.streetAddress}, ${company.postalAddress}` },
    {
      label: t.email,
      value: <Link href={`mailto:${siteConfig.supportEmail}`}>{siteConfig.supportEmail}</Link>,
    },
    { label: t.domicile, value: company.domicile },
  ];

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="company-info-title" maxWidth="xs" fullWidth>
      <DialogTitle id="company-info-title">{t.title}</DialogTitle>
      <DialogContent>
        <Box component="dl" sx={{ m: 0 }}>
          {rows.map((row) => (
            <Box key={row.label} sx={{ mb: 1.5 }}>
              <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                {row.label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
                {row.value}
              </Typography>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          {t.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
