import { LinkActionCard } from '#client/components/link-action-card.tsx';
import { newsletterText } from '#client/i18n/fi/newsletter.ts';
import { useConfirmNewsletter, useUnsubscribeNewsletter } from '../api/newsletter-links.ts';

const t = newsletterText.links;

const messageOf = (error: Error | null) => (error ? error.message || newsletterText.failure : null);

/** /uutiskirje/vahvista?token=…: the double opt-in's second step. */
export function NewsletterConfirmCard({ token }: { token: string }) {
  const confirm = useConfirmNewsletter();
  const done = confirm.data ? (confirm.data.status === 'confirmed' ? t.confirmed : t.alreadyConfirmed) : null;
  return (
    <LinkActionCard
      title={t.confirmTitle}
      lead={t.confirmLead}
      action={t.confirmAction}
      pendingLabel={t.confirming}
      pending={confirm.isPending}
      done={done}
      error={token ? messageOf(confirm.error) : t.confirmLinkBroken}
      onAction={() => token && confirm.mutate(token)}
      homeLabel={t.home}
    />
  );
}

/** /uutiskirje/peru?token=…: the unsubscribe link of every newsletter mail. */
export function NewsletterUnsubscribeCard({ token }: { token: string }) {
  const unsubscribe = useUnsubscribeNewsletter();
  return (
    <LinkActionCard
      title={t.unsubscribeTitle}
      lead={t.unsubscribeLead}
      action={t.unsubscribeAction}
      pendingLabel={t.unsubscribing}
      pending={unsubscribe.isPending}
      done={unsubscribe.isSuccess ? t.unsubscribed : null}
      error={token ? messageOf(unsubscribe.error) : t.unsubscribeLinkBroken}
      onAction={() => token && unsubscribe.mutate(token)}
      homeLabel={t.home}
    />
  );
}
