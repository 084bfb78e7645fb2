import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '#client/lib/api-client.ts';
import { paymentStatusQuery } from './api/get-payment-status.ts';
import { useVerifyPayment } from './api/verify-payment.ts';
import { type PaymentOutcome, paymentOutcome } from './payment-result.ts';

/** Spec 01 §9: after 30 s of waiting, the payment is verified directly once. */
const verifyAfterMs = 30_000;

const failureOf = (error: unknown) =>
  error instanceof ApiError && error.status === 0 ? 'network' : 'verification_error';

/**
 * The waiting page's watch over a payment (spec 01 §4): the status every 3 s from the start, one
 * direct verification after 30 s, nothing more once the answer is final. `retry` starts over.
 */
export function usePaymentOutcome(
  ticketId: string,
  failedAtOnce: boolean,
): { outcome: PaymentOutcome; retry(): void } {
  const [round, setRound] = useState(0);
  const [verifyDue, setVerifyDue] = useState(false);
  const verify = useVerifyPayment(ticketId);
  const status = useQuery({
    ...paymentStatusQuery(ticketId, round),
    // A verification's answer is the last word: no more polling after it.
    enabled: !failedAtOnce && verify.isIdle,
  });

  const outcome = paymentOutcome({
    failedAtOnce,
    status: status.data,
    statusError: status.isError ? failureOf(status.error) : undefined,
    verification: verify.data,
    verificationError: verify.isError ? failureOf(verify.error) : undefined,
  });
  const checking = outcome.phase === 'checking';

  useEffect(() => {
    if (failedAtOnce) return;
    const timer = setTimeout(() => setVerifyDue(true), verifyAfterMs);
    return () => clearTimeout(timer);
  }, [failedAtOnce, round]);

  const { isIdle, mutate } = verify;
  useEffect(() => {
    if (verifyDue && checking && isIdle) mutate();
  }, [verifyDue, checking, isIdle, mutate]);

  const { reset } = verify;
  const retry = useCallback(() => {
    reset();
    setVerifyDue(false);
    setRound((n) => n + 1);
  }, [reset]);

  return { outcome, retry };
}
