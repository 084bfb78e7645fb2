import { describe, expect, it } from 'vitest';
import {
  type PayoutState,
  payoutChangeRefusal,
  payoutRefusalMessage,
  payoutTransitions,
} from './payout-transitions.ts';
import { type PaymentIssue, type PayoutStatusCode, paymentIssues, payoutStatuses } from './payouts.schema.ts';

// The admin's payout changes (docs/decisions/016): which status may follow which, and what holds a
// payout out of the statuses that pay the seller.

const free = (status: PayoutStatusCode): PayoutState => ({
  status,
  hasReclamation: false,
  paymentIssue: null,
});

/** Every status an admin may set on a payout nothing holds, from each status. */
const allowedWhenFree = (status: PayoutStatusCode) =>
  payoutStatuses.filter((target) => payoutChangeRefusal(free(status), target) === null);

describe('the transition table', () => {
  it('lets a payout nothing holds move as a payments team needs, and a cancelled one nowhere', () => {
    expect(Object.fromEntries(payoutStatuses.map((status) => [status, allowedWhenFree(status)]))).toEqual({
      pending: ['pending', 'ready_for_payment', 'paid', 'reclamation_hold', 'cancelled'],
      ready_for_payment: ['pending', 'ready_for_payment', 'paid', 'reclamation_hold', 'cancelled'],
      // Marked paid by mistake: back to waiting; recovered from the seller: cancelled.
      paid: ['pending', 'ready_for_payment', 'paid', 'reclamation_hold', 'cancelled'],
      // Released first, then paid.
      reclamation_hold: ['pending', 'ready_for_payment', 'reclamation_hold', 'cancelled'],
      cancelled: ['cancelled'],
    });
  });

  it('names every status once and never a status as its own successor', () => {
    expect(Object.keys(payoutTransitions).sort()).toEqual([...payoutStatuses].sort());
    for (const [status, targets] of Object.entries(payoutTransitions)) {
      expect(new Set(targets).size, status).toBe(targets.length);
      expect(targets, status).not.toContain(status);
    }
  });

  it('refuses paid straight from a hold, and anything after a cancellation, saying why', () => {
    expect(payoutChangeRefusal(free('reclamation_hold'), 'paid')).toBe('on_hold');
    for (const target of ['pending', 'ready_for_payment', 'paid', 'reclamation_hold'] as const)
      expect(payoutChangeRefusal(free('cancelled'), target), target).toBe('cancelled');
    expect(payoutChangeRefusal({ ...free('cancelled'), paymentIssue: 'refunded' }, 'paid')).toBe('refunded');
    expect(payoutChangeRefusal({ ...free('cancelled'), paymentIssue: 'dispute_lost' }, 'paid')).toBe(
      'refunded',
    );
  });
});

describe('what holds a payout', () => {
  const released = ['pending', 'ready_for_payment', 'paid'] as const;
  const holds: [Partial<PayoutState>, string][] = [
    [{ hasReclamation: true }, 'complaint'],
    [{ paymentIssue: 'disputed' }, 'disputed'],
    [{ paymentIssue: 'refunded' }, 'refunded'],
    [{ paymentIssue: 'dispute_lost' }, 'refunded'],
  ];

  it('an open complaint or the provider keeps it from every status that pays the seller', () => {
    for (const [hold, reason] of holds)
      for (const status of ['pending', 'ready_for_payment', 'paid', 'reclamation_hold'] as const)
        for (const target of released.filter((candidate) => candidate !== status))
          expect(payoutChangeRefusal({ ...free(status), ...hold }, target), `${status} → ${target}`).toBe(
            reason,
          );
  });

  it('still lets a held payout be held, cancelled, or saved again with new notes', () => {
    for (const [hold] of holds) {
      expect(payoutChangeRefusal({ ...free('reclamation_hold'), ...hold }, 'cancelled')).toBeNull();
      expect(payoutChangeRefusal({ ...free('reclamation_hold'), ...hold }, 'reclamation_hold')).toBeNull();
      // A complaint filed after the money left: the admin notes it, or records the money recovered.
      expect(payoutChangeRefusal({ ...free('paid'), ...hold }, 'paid')).toBeNull();
      expect(payoutChangeRefusal({ ...free('paid'), ...hold }, 'reclamation_hold')).toBeNull();
      expect(payoutChangeRefusal({ ...free('paid'), ...hold }, 'cancelled')).toBeNull();
    }
  });

  it('a partial refund holds it until the admin releases it; a won dispute not at all', () => {
    const partial = { ...free('reclamation_hold'), paymentIssue: 'partially_refunded' as const };
    expect(payoutChangeRefusal(partial, 'ready_for_payment')).toBeNull();
    expect(payoutChangeRefusal(partial, 'paid')).toBe('on_hold');
    expect(payoutChangeRefusal({ ...partial, status: 'ready_for_payment' }, 'paid')).toBeNull();
    expect(payoutChangeRefusal({ ...free('pending'), paymentIssue: 'dispute_won' }, 'paid')).toBeNull();
  });

  it('never lets a held or cancelled payout become paid, whatever it was', () => {
    const issues: (PaymentIssue | null)[] = [null, ...paymentIssues];
    for (const status of payoutStatuses)
      for (const hasReclamation of [false, true])
        for (const paymentIssue of issues) {
          const payout = { status, hasReclamation, paymentIssue };
          const held =
            hasReclamation ||
            status === 'reclamation_hold' ||
            status === 'cancelled' ||
            paymentIssue === 'disputed' ||
            paymentIssue === 'refunded' ||
            paymentIssue === 'dispute_lost';
          if (status !== 'paid' && held)
            expect(payoutChangeRefusal(payout, 'paid'), JSON.stringify(payout)).not.toBeNull();
        }
  });
});

describe('the refusal in Finnish', () => {
  it('says what was refused and why', () => {
    expect(payoutRefusalMessage('paid', 'complaint')).toBe(
      'Tilitystä ei voi merkitä maksetuksi: avoin reklamaatio pitää sen pidossa. Ratkaise reklamaatio ensin.',
    );
    expect(payoutRefusalMessage('paid', 'cancelled')).toBe(
      'Tilitystä ei voi merkitä maksetuksi: se on peruttu, eikä peruttua tilitystä voi enää muuttaa.',
    );
    expect(payoutRefusalMessage('ready_for_payment', 'refunded')).toBe(
      'Tilitystä ei voi siirtää tilaan ”Valmis maksuun”: maksu on palautettu ostajalle.',
    );
    expect(payoutRefusalMessage('paid', 'on_hold')).toBe(
      'Tilitystä ei voi merkitä maksetuksi: se on pidossa. Siirrä se ensin tilaan ”Valmis maksuun”, kun pidon syy on selvitetty.',
    );
    expect(payoutRefusalMessage('paid', 'disputed')).toBe(
      'Tilitystä ei voi merkitä maksetuksi: ostaja on kiistänyt maksun, ja kiista on vielä kesken.',
    );
  });
});
