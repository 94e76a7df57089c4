import { taxRateDesk } from './checkout/tax-rate-staff-service.ts';
import { orderDesk } from './orders/order-staff-service.ts';
import { paymentDesk } from './payments/payment-staff-service.ts';
import { refundDesk } from './refunds/refund-staff-service.ts';
import type { StaffOrderDeps } from './staff-deps.ts';

export type { StaffOrderDeps } from './staff-deps.ts';

/**
 * The staff side of orders (decision 025), built once in services.ts: its parts live beside what they act on
 * (the order desk, the ledger, refunds, tax rates); every change goes through the state machine and is audited
 * in its transaction.
 */
export function createStaffOrderService(deps: StaffOrderDeps) {
  return {
    ...orderDesk(deps),
    ...paymentDesk(deps),
    ...refundDesk(deps),
    ...taxRateDesk(deps),
  };
}
export type StaffOrderService = ReturnType<typeof createStaffOrderService>;
