import { useEffect } from 'react';
import { StaticDocument } from '#client/features/info/components/static-document.tsx';
import { privacyText as t } from '#client/i18n/fi/info.ts';
import { siteConfig } from '#client/lib/site-config.ts';

const sections = t.sections({
  businessId: siteConfig.businessId,
  email: siteConfig.supportEmail,
  phone: siteConfig.supportPhone,
});

export function PrivacyPage() {
  useEffect(() => {
    document.title = t.documentTitle;
  }, []);

  return <StaticDocument title={t.title} updated={t.updated} intro={t.intro} sections={sections} />;
}
