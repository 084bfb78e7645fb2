import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { NewsletterConfirmCard } from '#client/features/contact/components/newsletter-link-card.tsx';
import { newsletterText } from '#client/i18n/fi/newsletter.ts';

/** /uutiskirje/vahvista?token=… from the confirmation mail. */
export function NewsletterConfirmPage() {
  const [searchParams] = useSearchParams();
  useEffect(() => {
    document.title = newsletterText.links.confirmDocumentTitle;
  }, []);
  return <NewsletterConfirmCard token={searchParams.get('token')?.trim() ?? ''} />;
}
