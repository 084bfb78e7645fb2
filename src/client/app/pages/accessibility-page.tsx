import { useEffect } from 'react';
import { StaticDocument } from '#client/features/info/components/static-document.tsx';
import { accessibilityText as t } from '#client/i18n/fi/info.ts';
import { siteConfig } from '#client/lib/site-config.ts';

const sections = t.sections({ email: siteConfig.supportEmail });

export function AccessibilityPage() {
  useEffect(() => {
    document.title = t.documentTitle;
  }, []);

  return <StaticDocument title={t.title} updated={t.updated} intro={t.intro} sections={sections} />;
}
