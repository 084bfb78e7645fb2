import { LinkActionCard } from '#client/components/link-action-card.tsx';
import { accountsText } from '#client/i18n/fi/accounts.ts';
import { messages } from '#shared/accounts/account-messages.ts';
import { useVerifyEmail } from '../api/email-verification.ts';

const t = accountsText.verification;

/** /vahvista-sahkoposti?token=…: the link mailed after registration, opened and confirmed. */
export function EmailVerificationCard({ token }: { token: string }) {
  const verify = useVerifyEmail();
  const done = verify.data
    ? verify.data.status === 'verified'
      ? t.pageVerified
      : t.pageAlreadyVerified
    : null;
  return (
    <LinkActionCard
      title={t.pageTitle}
      lead={t.pageLead}
      action={t.pageAction}
      pendingLabel={t.pageConfirming}
      pending={verify.isPending}
      done={done}
      error={
        token ? (verify.error ? verify.error.message || t.pageFailed : null) : messages.verificationLinkBroken
      }
      onAction={() => token && verify.mutate(token)}
      homeLabel={t.home}
    />
  );
}
