import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { EmailVerificationCard } from '#client/features/accounts/components/email-verification-card.tsx';
import { accountsText } from '#client/i18n/fi/accounts.ts';

/** /vahvista-sahkoposti?token=… from the mail sent after registration. */
export function EmailVerificationPage() {
  const [searchParams] = useSearchParams();
  useEffect(() => {
    document.title = accountsText.verification.pageDocumentTitle;
  }, []);
  return <EmailVerificationCard token={searchParams.get('token')?.trim() ?? ''} />;
}
