import { describe, expect, it } from 'vitest';
import { ApiError } from '#client/lib/api-client.ts';
import { errorMessages } from '#shared/errors.ts';
import { cardErrorMessage } from '#shared/purchases/payment-messages.ts';
import { paymentErrorCodes } from '#shared/purchases/purchase.schema.ts';
import {
  afterConfirm,
  cardNumberInput,
  expiryInput,
  formatCountdown,
  futureExpiry,
  paymentReturnUrl,
  reservationProblem,
} from './checkout-rules.ts';
import {
  paymentErrorPanel,
  paymentOutcome,
  readPaymentWait,
  readPurchase,
  successViewOf,
} from './payment-result.ts';

const ticketId = '0b5e8f4e-1c2d-5a3b-a4c5-d6e7f8091a2b';
const noQuery = new URLSearchParams();

describe('formatCountdown (spec 01 §2: minutes:seconds)', () => {
  it('writes minutes and seconds with two digits each', () => {
    expect(formatCountdown(10 * 60_000)).toBe('10:00');
    expect(formatCountdown(9 * 60_000 + 5_000)).toBe('09:05');
    expect(formatCountdown(61_000)).toBe('01:01');
  });

  it('rounds part of a second up, so 00:00 is shown only once the time is over', () => {
    expect(formatCountdown(59_001)).toBe('01:00');
    expect(formatCountdown(1)).toBe('00:01');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5_000)).toBe('00:00');
  });
});

describe('reservationProblem (spec 01 §8 "Purchase")', () => {
  const problem = (code: string, status = 409) =>
    reservationProblem(
      new ApiError(status, code, errorMessages[code as 'own_ticket'] ?? 'palvelimen viesti'),
    );

  it('shows the spec’s message for each refusal the reservation can give', () => {
    expect(problem('own_ticket').message).toBe('Et voi ostaa omaa lippuasi.');
    expect(problem('ticket_unavailable').message).toBe('Tämä lippu ei ole enää saatavilla.');
    expect(problem('ticket_reserved').message).toBe(
      'Toinen käyttäjä on juuri ostamassa lippua, yritä myöhemmin uudelleen.',
    );
    expect(problem('invalid_price').message).toBe(
      'Lipun hinta on virheellinen. Ole yhteydessä asiakaspalveluun.',
    );
    expect(problem('too_many_holds', 429).message).toBe(errorMessages.too_many_holds);
    expect(problem('too_many_abandoned_holds', 429).message).toBe(errorMessages.too_many_abandoned_holds);
  });

  it('falls back to the spec’s default for anything else, the network included', () => {
    const fallback = 'Tapahtui virhe. Yritä myöhemmin uudelleen.';
    expect(problem('internal', 500).message).toBe(fallback);
    expect(problem('network', 0).message).toBe(fallback);
    expect(reservationProblem(new Error('boom')).message).toBe(fallback);
  });

  it('offers a retry only where asking again may help', () => {
    expect(problem('ticket_reserved').retryable).toBe(true);
    expect(problem('network', 0).retryable).toBe(true);
    expect(problem('own_ticket').retryable).toBe(false);
    expect(problem('ticket_unavailable').retryable).toBe(false);
    expect(problem('invalid_price').retryable).toBe(false);
    // Another hold paid or left frees a place; holds left again and again stop for the hour.
    expect(problem('too_many_holds', 429).retryable).toBe(true);
    expect(problem('too_many_abandoned_holds', 429).retryable).toBe(false);
  });
});

describe('afterConfirm (spec 01 §4: the purchase step)', () => {
  it('goes to the waiting page once the provider has the payment', () => {
    expect(afterConfirm('succeeded', false)).toBe('wait');
    expect(afterConfirm('processing', false)).toBe('wait');
    expect(afterConfirm('requires_action', false)).toBe('wait');
  });

  it('shows a declined card’s panel, and asks for another try when nothing was declined', () => {
    expect(afterConfirm('requires_payment_method', true)).toBe('wait');
    expect(afterConfirm('requires_payment_method', false)).toBe('retry');
    expect(afterConfirm('canceled', false)).toBe('unexpected');
  });
});

describe('card input', () => {
  it('groups a card number by four and keeps only digits', () => {
    expect(cardNumberInput('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(cardNumberInput('4000-0025 0000x3155')).toBe('4000 0025 0000 3155');
    expect(cardNumberInput('')).toBe('');
  });

  it('puts the slash into an expiry, and picks a future one for a test card', () => {
    expect(expiryInput('1234')).toBe('12/34');
    expect(expiryInput('12/345')).toBe('12/34');
    expect(expiryInput('1')).toBe('1');
    expect(futureExpiry(new Date('2026-11-05T10:00:00Z'))).toBe('12/29');
  });
});

describe('readPurchase and readPaymentWait (spec 01 §2: state or query)', () => {
  const state = { ticketId, eventName: 'Kevätsoitto', price: 5150, paymentIntentId: 'pi_local_1' };

  it('takes navigation state first', () => {
    expect(readPurchase(state, noQuery)).toEqual({ ticketId, eventName: 'Kevätsoitto', priceCents: 5150 });
    expect(readPaymentWait({ ...state, cardError: 'Korttisi hylättiin.' }, noQuery)).toEqual({
      ticketId,
      eventName: 'Kevätsoitto',
      priceCents: 5150,
      failedAtOnce: false,
      cardError: 'Korttisi hylättiin.',
    });
  });

  it('reads the query Stripe returns to, and fails at once on redirect_status=failed', () => {
    const back = new URL(
      paymentReturnUrl('https://lipputori.example', { ticketId, eventName: 'Rock & Pop', priceCents: 9900 }),
    );
    expect(back.pathname).toBe('/ostopyynto-vastaanotettu');
    back.searchParams.set('payment_intent', 'pi_1');
    back.searchParams.set('redirect_status', 'succeeded');
    expect(readPaymentWait(null, back.searchParams)).toMatchObject({
      ticketId,
      eventName: 'Rock & Pop',
      priceCents: 9900,
      failedAtOnce: false,
    });
    back.searchParams.set('redirect_status', 'failed');
    expect(readPaymentWait(null, back.searchParams)?.failedAtOnce).toBe(true);
  });

  it('has nothing to show without a ticket id, an event or a whole price', () => {
    expect(readPurchase(null, noQuery)).toBeUndefined();
    expect(readPurchase({ ...state, ticketId: '../admin' }, noQuery)).toBeUndefined();
    expect(readPurchase({ ...state, eventName: ' ' }, noQuery)).toBeUndefined();
    expect(readPurchase({ ...state, price: 51.5 }, noQuery)).toBeUndefined();
    expect(readPurchase({ ...state, price: -1 }, noQuery)).toBeUndefined();
    expect(
      readPurchase(null, new URLSearchParams({ ticketId, eventName: 'X', price: '1e3' })),
    ).toBeUndefined();
  });
});

describe('paymentErrorPanel (spec 01 §8 "Payment error panels by errorCode")', () => {
  it('gives each code the spec’s title and action', () => {
    const titles = (code: string) => [paymentErrorPanel(code).title, paymentErrorPanel(code).action];
    expect(titles('payment_failed')).toEqual(['Maksu hylättiin', 'retryPayment']);
    expect(titles('requires_payment_method')).toEqual(['Maksu hylättiin', 'retryPayment']);
    expect(titles('requires_action')).toEqual(['Toimenpiteitä vaaditaan', 'back']);
    expect(titles('processing')).toEqual(['Maksu käsittelyssä', 'home']);
    expect(titles('pending')).toEqual(['Maksu käsittelyssä', 'home']);
    expect(titles('payment_canceled')[0]).toBe('Maksu peruutettu');
    expect(titles('verification_error')[1]).toBe('retry');
    expect(titles('network')).toEqual(['Virhe verkossa', 'retry']);
    expect(titles('refunded')).toEqual(['Maksu palautettu', 'home']);
    expect(titles('something_new')[0]).toBe('Virhe maksun käsittelyssä');
    expect(titles(null as unknown as string)[0]).toBe('Virhe maksun käsittelyssä');
  });

  it('has a panel of its own for every code the server sends', () => {
    const fallback = paymentErrorPanel('something_new').title;
    for (const code of paymentErrorCodes) expect(paymentErrorPanel(code).title, code).not.toBe(fallback);
  });

  it('tells a declined card’s own reason when the purchase page had it', () => {
    const reason = cardErrorMessage('insufficient_funds');
    expect(paymentErrorPanel('payment_failed', reason).message).toBe(reason);
    expect(paymentErrorPanel('payment_failed').message).toMatch(/^Korttiasi ei veloitettu/);
  });
});

describe('paymentOutcome (spec 01 §4 "Payment wait")', () => {
  const pending = { status: 'pending' as const, errorCode: null };

  it('keeps checking while the answer is pending and nothing failed', () => {
    expect(paymentOutcome({ failedAtOnce: false })).toEqual({ phase: 'checking' });
    expect(paymentOutcome({ failedAtOnce: false, status: pending })).toEqual({ phase: 'checking' });
  });

  it('fails at once after a failed redirect, whatever else is known', () => {
    expect(paymentOutcome({ failedAtOnce: true, status: { status: 'success', errorCode: null } })).toEqual({
      phase: 'failed',
      errorCode: 'payment_failed',
    });
  });

  it('takes the status’s success or failure, then the verification’s', () => {
    expect(
      paymentOutcome({ failedAtOnce: false, status: { status: 'success', errorCode: null } }).phase,
    ).toBe('success');
    expect(
      paymentOutcome({ failedAtOnce: false, status: { status: 'failed', errorCode: 'refunded' } }),
    ).toEqual({ phase: 'failed', errorCode: 'refunded' });
    expect(
      paymentOutcome({
        failedAtOnce: false,
        status: pending,
        verification: { success: true, errorCode: null },
      }).phase,
    ).toBe('success');
    expect(
      paymentOutcome({
        failedAtOnce: false,
        status: pending,
        verification: { success: false, errorCode: 'processing' },
      }),
    ).toEqual({ phase: 'failed', errorCode: 'processing' });
  });

  it('turns a check that got no answer into the network panel', () => {
    expect(paymentOutcome({ failedAtOnce: false, statusError: 'network' })).toEqual({
      phase: 'failed',
      errorCode: 'network',
    });
    expect(
      paymentOutcome({ failedAtOnce: false, status: pending, verificationError: 'verification_error' }),
    ).toEqual({ phase: 'failed', errorCode: 'verification_error' });
  });
});

describe('successViewOf (spec 01 §4: the success page after a redirect)', () => {
  it('reads the intent’s status', () => {
    expect(successViewOf('succeeded')).toBe('success');
    expect(successViewOf('processing')).toBe('processing');
    expect(successViewOf('requires_payment_method')).toBe('retry');
    expect(successViewOf('canceled')).toBe('error');
  });
});
