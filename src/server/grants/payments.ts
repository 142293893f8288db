import type { ApplicantGrantPayment, GrantPayment } from '../../api/contracts/grants';
import type { Role } from '../team/roles';
import type { Queryable } from '../storage/database';

/**
 * The payments recorded against a grant, as each reader may see them, and the sum paid in the
 * grant's currency. The payments table comes with the payments module; until it is there a grant
 * has none, and these answer an empty list and zero.
 */

export type GrantPayments<Payment> = { readonly payments: readonly Payment[]; readonly paid: bigint };

/** The team's view: `role` decides which references show (never a bank reference to a reviewer). */
export async function teamPaymentsOf(_db: Queryable, _grantId: string, _role: Role): Promise<GrantPayments<GrantPayment>> {
  return { payments: [], paid: 0n };
}

/** The grantee's view: date, amount and public reference only. */
export async function applicantPaymentsOf(_db: Queryable, _grantId: string): Promise<GrantPayments<ApplicantGrantPayment>> {
  return { payments: [], paid: 0n };
}

/** The sum paid in the grant's currency, in minor units. */
export async function paidTotalOf(_db: Queryable, _grantId: string): Promise<bigint> {
  return 0n;
}
