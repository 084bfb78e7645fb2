import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { NewsletterUnsubscribeCard } from '#client/features/contact/components/newsletter-link-card.tsx';
import { newsletterText } from '#client/i18n/fi/newsletter.ts';

/** /uutiskirje/peru?token=… from a newsletter mail's unsubscribe link. */
export function NewsletterUnsubscribePage() {
  const [searchParams] = useSearchParams();
  useEffect(() => {
    document.title = newsletterText.links.unsubscribeDocumentTitle;
  }, []);
  return <NewsletterUnsubscribeCard token={searchParams.get('token')?.trim() ?? ''} />;
}
