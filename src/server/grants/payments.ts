import type { ApplicantGrantPayment, GrantPayment } from '../../api/contracts/grants';
import { granteePayments, paidOnGrant, paymentsOfGrant } from '../payments/read';
import type { Role } from '../team/roles';
import type { Queryable } from '../storage/database';

/**
 * The payments recorded against a grant (src/server/payments), as each reader may see them, and
 * the sum paid in the grant's currency.
 */

export type GrantPayments<Payment> = { readonly payments: readonly Payment[]; readonly paid: bigint };

/** The team's view: `role` decides which references show (never a bank reference to a reviewer). */
export async function teamPaymentsOf(db: Queryable, grantId: string, role: Role): Promise<GrantPayments<GrantPayment>> {
  const { payments } = await paymentsOfGrant(db, grantId, { seesBankReferences: role !== 'reviewer' });
  return { payments, paid: await paidOnGrant(db, grantId) };
}

/** The grantee's view: date, amount and public reference only. */
export async function applicantPaymentsOf(db: Queryable, grantId: string): Promise<GrantPayments<ApplicantGrantPayment>> {
  return { payments: await granteePayments(db, grantId), paid: await paidOnGrant(db, grantId) };
}

/** The sum paid in the grant's currency, in minor units. */
export const paidTotalOf = paidOnGrant;
