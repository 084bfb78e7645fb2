import Container from '@mui/material/Container';
import { useEffect } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import {
  PaymentLookupResult,
  PurchaseSuccess,
} from '#client/features/purchases/components/purchase-success.tsx';
import { readPurchase } from '#client/features/purchases/payment-result.ts';
import { purchasesText } from '#client/i18n/fi/purchases.ts';
import { usePublicTicketRefresh } from '../use-public-ticket-refresh.ts';

/**
 * /osto-onnistui, behind the sign-in guard (spec 01 §2): the purchase from state or the query;
 * after a provider's redirect without them, the payment looked up by its client secret; else the
 * front page.
 */
export function PurchaseSuccessPage() {
  const location = useLocation();
  const [search] = useSearchParams();
  // The ticket is the buyer's now: its page and the public list are fetched afresh when next shown.
  const refreshTicket = usePublicTicketRefresh();
  const purchase = readPurchase(location.state, search);
  const clientSecret = search.get('payment_intent_client_secret');

  useEffect(() => {
    document.title = purchasesText.purchaseSuccess.documentTitle;
  }, []);

  if (!purchase && !clientSecret) return <Navigate to="/" replace />;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 7 } }}>
      {purchase ? (
        <PurchaseSuccess purchase={purchase} onShown={refreshTicket} />
      ) : (
        <PaymentLookupResult clientSecret={clientSecret ?? ''} onShown={refreshTicket} />
      )}
    </Container>
  );
}
