import { PaymentSettlement, type PaymentSettlementDeps } from './payment-settlement.ts';
import { PaymentStatuses } from './payment-status.ts';
import { SaleRefunds } from './sale-refunds.ts';
import { TicketHolds } from './ticket-holds.ts';

/** Buying: holding a ticket, settling payments, answering their status, refunding a sale. */
export interface Purchases {
  holds: TicketHolds;
  settlement: PaymentSettlement;
  statuses: PaymentStatuses;
  refunds: SaleRefunds;
}

/** The module's parts on one database and payment provider, as the app decorates them (`app.purchases`). */
export function createPurchases(deps: PaymentSettlementDeps & { reservationMinutes: number }): Purchases {
  const { db, listings, payments, log } = deps;
  const settlement = new PaymentSettlement(deps);
  return {
    holds: new TicketHolds({ db, listings, payments, log, reservationMinutes: deps.reservationMinutes }),
    settlement,
    statuses: new PaymentStatuses({ db, payments, settlement, log }),
    refunds: new SaleRefunds({ db, payments, log }),
  };
}
