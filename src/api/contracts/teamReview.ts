/** The review workflow: status changes, assignment, internal notes and the decision email. */
import { Type, type Static } from 'typebox';
import { APPLICATION_STATUSES } from '../../lib/applicationStatus';
import { groupThousands } from '../../lib/groupThousands';
import { MemberRef, Moment, RoleField, Status, Text } from './common';
import { APPLICANT_MESSAGE_MAX } from './teamInformation';
import { DecisionReason } from './teamScoring';

/** Longest internal note, in UTF-16 code units (what the textarea counts). */
export const NOTE_MAX_LENGTH = 5000;

const BAD_STATUS = `El estado debe ser uno de: ${APPLICATION_STATUSES.join(', ')}.`;
const BAD_REFERENCES = 'Envía entre 1 y 100 referencias de solicitudes.';
const BAD_MEMBER = 'Solo se puede asignar a un revisor o administrador activo.';
export const BAD_NOTE = `La nota debe tener entre 1 y ${groupThousands(NOTE_MAX_LENGTH, '.')} caracteres.`;
const BAD_PREVIEW = 'Envía el asunto y el texto tal como los viste en la vista previa.';

export const StatusChange = Type.Object({
  from: Type.Union([Status, Type.Null()]),
  to: Status,
  by: Type.Union([Type.String(), Type.Null()]),
  at: Moment,
  /** An approval or rejection's reason (its key and the programme's label for it); absent on other changes. */
  reason: Type.Optional(DecisionReason),
});
export type StatusChange = Static<typeof StatusChange>;

export const InternalNote = Type.Object({ id: Type.String(), body: Type.String(), by: Type.String(), at: Moment });
export type InternalNote = Static<typeof InternalNote>;

export const DecisionEmailSent = Type.Object({ status: Type.Union([Type.Literal('approved'), Type.Literal('rejected')]), queuedAt: Moment, sentAt: Type.Union([Moment, Type.Null()]), by: Type.String() });
export type DecisionEmailSent = Static<typeof DecisionEmailSent>;

/** The review of an application, as its detail carries it (src/server/team/review.ts reads it). */
export const ReviewState = Type.Object({
  status: Status,
  statusChangedAt: Moment,
  /** The first of the reviewers (the inbox's one-assignee column); null when none. */
  assignee: Type.Union([MemberRef, Type.Null()]),
  /** Every assigned reviewer, first assigned first. */
  reviewers: Type.Array(MemberRef),
  /** Oldest first; the first entry is the receipt (from null, by null). */
  history: Type.Array(StatusChange),
  /** Internal notes, oldest first: the team's only. */
  notes: Type.Array(InternalNote),
  decisionEmails: Type.Array(DecisionEmailSent),
  /** The latest grantee ID (never the ID itself): revokedAt is set once revoked; null when none was issued. */
  grantee: Type.Union([Type.Object({ issuedAt: Moment, issuedBy: Type.Union([Type.String(), Type.Null()]), revokedAt: Type.Union([Moment, Type.Null()]) }), Type.Null()]),
});
export type ReviewState = Static<typeof ReviewState>;

/** A member an application can be assigned to (an active reviewer or admin). */
export const AssigneeOption = Type.Object({ ...MemberRef.properties, role: RoleField });
export type AssigneeOption = Static<typeof AssigneeOption>;

export const AssigneeList = Type.Object({ members: Type.Array(AssigneeOption) });
export type AssigneeList = Static<typeof AssigneeList>;

export const StatusChangeBody = Type.Object(
  {
    status: Type.Enum(APPLICATION_STATUSES, { errorMessage: BAD_STATUS }),
    references: Type.Array(Text({ maxLength: 40 }), { minItems: 1, maxItems: 100, errorMessage: BAD_REFERENCES }),
  },
  { additionalProperties: false, errorMessage: { required: { status: BAD_STATUS, references: BAD_REFERENCES } } },
);
export type StatusChangeBody = Static<typeof StatusChangeBody>;

/** What a bulk status change did: the references changed, and the others with the reason, in request order. */
export const StatusChangeResult = Type.Object({ changed: Type.Array(Type.String()), unchanged: Type.Array(Type.Object({ reference: Type.String(), reason: Type.String() })) });
export type StatusChangeResult = Static<typeof StatusChangeResult>;

export const AssignBody = Type.Object(
  { memberId: Type.Union([Type.String({ pattern: '^[1-9]\\d{0,17}$' }), Type.Null()], { errorMessage: BAD_MEMBER }) },
  { additionalProperties: false, errorMessage: { required: { memberId: BAD_MEMBER } } },
);
export type AssignBody = Static<typeof AssignBody>;

export const AssignResult = Type.Object({ assignee: Type.Union([MemberRef, Type.Null()]) });
export type AssignResult = Static<typeof AssignResult>;

/** Not only spaces; control characters and broken Unicode are refused by the route (the forms' own rule). */
export const NoteBody = Type.Object(
  { body: Text({ minLength: 1, maxLength: NOTE_MAX_LENGTH, pattern: '\\S', errorMessage: BAD_NOTE }) },
  { additionalProperties: false, errorMessage: { required: { body: BAD_NOTE } } },
);
export type NoteBody = Static<typeof NoteBody>;

export const DecisionEmailPreview = Type.Object({ to: Type.String(), subject: Type.String(), text: Type.String() });
export type DecisionEmailPreview = Static<typeof DecisionEmailPreview>;

const APPLICANT_MESSAGE_ERROR = `El mensaje para quien postula puede tener hasta ${groupThousands(APPLICANT_MESSAGE_MAX, '.')} caracteres.`;
/** The team's optional message to the applicant with a decision: in the decision email and on /mi-solicitud/. */
const applicantMessage = Type.Optional(Text({ maxLength: APPLICANT_MESSAGE_MAX, errorMessage: APPLICANT_MESSAGE_ERROR }));

export const DecisionPreviewBody = Type.Object({ applicantMessage }, { additionalProperties: false });
export type DecisionPreviewBody = Static<typeof DecisionPreviewBody>;

/** The previewed email, and the same message it was previewed with. */
export const DecisionSendBody = Type.Object(
  { subject: Text({ errorMessage: BAD_PREVIEW }), text: Text({ errorMessage: BAD_PREVIEW }), applicantMessage },
  { additionalProperties: false, errorMessage: { required: { subject: BAD_PREVIEW, text: BAD_PREVIEW } } },
);
export type DecisionSendBody = Static<typeof DecisionSendBody>;

export const DecisionQueued = Type.Object({ queuedAt: Moment });
export type DecisionQueued = Static<typeof DecisionQueued>;
