/** Payment details (finance role only) and the grantee ID an admin issues for an approved grant. */
import { Type, type Static } from 'typebox';
import { AnswerSection, Moment } from './common';

/** One version of the payment details; `unreadable` (with no sections) when it failed to decrypt. */
export const PaymentDetailsVersion = Type.Object({
  version: Type.Integer(),
  reference: Type.String(),
  receivedAt: Moment,
  sections: Type.Array(AnswerSection),
  unreadable: Type.Optional(Type.String()),
});
export type PaymentDetailsVersion = Static<typeof PaymentDetailsVersion>;

/** Newest version first, every version sent with the grantee IDs issued from the application. */
export const PaymentDetailsList = Type.Object({ paymentDetails: Type.Array(PaymentDetailsVersion) });
export type PaymentDetailsList = Static<typeof PaymentDetailsList>;

export const GranteeIssued = Type.Object({ issuedAt: Moment });
export type GranteeIssued = Static<typeof GranteeIssued>;
