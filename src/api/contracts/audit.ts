/** The team's audit log, newest first, a page at a time (admin only). */
import { Type, type Static } from 'typebox';
import { Moment } from './common';
import { PageField } from './teamApplications';

export const AuditQuery = Type.Object({ page: Type.Optional(PageField) });
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditEntry = Type.Object({ at: Moment, actor: Type.Union([Type.String(), Type.Null()]), action: Type.String(), target: Type.Union([Type.String(), Type.Null()]) });
export type AuditEntry = Static<typeof AuditEntry>;

export const AuditPage = Type.Object({ items: Type.Array(AuditEntry), total: Type.Integer(), page: Type.Integer(), pageSize: Type.Integer() });
export type AuditPage = Static<typeof AuditPage>;
