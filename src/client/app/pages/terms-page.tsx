import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { StaticDocument } from '#client/features/info/components/static-document.tsx';
import { termsText as t } from '#client/i18n/fi/info.ts';

export function TermsPage() {
  useEffect(() => {
    document.title = t.documentTitle;
  }, []);

  return (
    <StaticDocument title={t.title} updated={t.updated} sections={t.sections}>
      <Typography>
        {t.privacyLink.before}
        <Link component={RouterLink} to="/tietosuojaseloste" sx={{ fontWeight: 600 }}>
          {t.privacyLink.text}
        </Link>
        {t.privacyLink.after}
      </Typography>
    </StaticDocument>
  );
}
