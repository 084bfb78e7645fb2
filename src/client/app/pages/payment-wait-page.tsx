import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PaymentWait } from '#client/features/purchases/components/payment-wait.tsx';
import { type PanelAction, readPaymentWait } from '#client/features/purchases/payment-result.ts';
import { purchasesText } from '#client/i18n/fi/purchases.ts';

const t = purchasesText.paymentWait;

/**
 * /ostopyynto-vastaanotettu, behind the sign-in guard (spec 01 §2): opened by the purchase page
 * with state, or by Stripe's redirect with the same in the query. Opened with neither, there is
 * nothing to wait for: the front page.
 */
export function PaymentWaitPage() {
  const location = useLocation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const purchase = useMemo(() => readPaymentWait(location.state, search), [location.state, search]);

  useEffect(() => {
    document.title = t.documentTitle;
  }, []);

  const succeeded = useCallback(() => {
    if (!purchase) return;
    const { ticketId, eventName, priceCents } = purchase;
    navigate('/osto-onnistui', { replace: true, state: { ticketId, eventName, price: priceCents } });
  }, [purchase, navigate]);

  if (!purchase) return <Navigate to="/" replace />;

  const leave = (action: Exclude<PanelAction, 'retry'>) => {
    if (action === 'retryPayment') navigate(`/osta/${purchase.ticketId}`, { replace: true });
    else if (action === 'home') navigate('/');
    else if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) navigate(-1);
    else navigate(`/liput/${purchase.ticketId}`);
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.3rem' }, mb: { xs: 2, md: 3 } }}>
        {t.title}
      </Typography>
      <PaymentWait purchase={purchase} onSucceeded={succeeded} onLeave={leave} />
    </Container>
  );
}
