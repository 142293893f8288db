// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formDefinitions } from '@/forms/definitions';
import type { ApplicationStatus } from '@/lib/applicationStatus';
import type { Role } from '@/lib/team';
import { hidesIdentity, HIDDEN_ANSWER, redactDetail, redactPayload } from '@/server/team/blind';

describe('blind review', () => {
  // Round 7 reviews blind; round 8 (the next round of the same programme) does not; null: no round (payment details).
  const blindRoundSeven = (role: Role) => ({ role, blindRounds: ['7'] });

  it.each<[Role, string | null, ApplicationStatus, boolean]>([
    ['reviewer', '7', 'received', true],
    ['reviewer', '7', 'in_review', true],
    ['reviewer', '7', 'information_requested', true],
    ['reviewer', '7', 'withdrawn', true],
    ['reviewer', '7', 'approved', false],
    ['reviewer', '7', 'rejected', false],
    ['reviewer', '8', 'received', false],
    ['reviewer', null, 'received', false],
    ['admin', '7', 'received', false],
    ['finance', '7', 'received', false],
  ])('a %s reading an application of round %s (%s) sees the applicant hidden: %s', (role, roundId, status, hidden) => {
    expect(hidesIdentity(blindRoundSeven(role), roundId, status)).toBe(hidden);
  });

  it('replaces every answered identifying field of the payload, and only those', () => {
    const payload = { firstName: 'Zoraida', lastName: 'Quispe', email: 'z@example.org', company: 'Nodo Sur', website: '', projectDescription: 'Talleres', isOpenSource: true };
    expect(redactPayload('project-grants', payload)).toEqual({
      firstName: HIDDEN_ANSWER,
      lastName: HIDDEN_ANSWER,
      email: HIDDEN_ANSWER,
      company: HIDDEN_ANSWER,
      website: '',
      projectDescription: 'Talleres',
      isOpenSource: true,
    });
  });

  it('redacts the detail’s answers and the file name, and marks it blind; leaves it whole once decided', () => {
    const detail = {
      form: 'project-grants' as const,
      status: 'in_review' as ApplicationStatus,
      sections: [{ title: 'Applicant', answers: [{ name: 'firstName', label: 'First name', value: 'Zoraida' }, { name: 'projectName', label: 'Project name', value: 'Talleres' }] }],
      file: { name: 'Zoraida.pdf', mediaType: 'application/pdf', size: 10 },
    };
    const redacted = redactDetail(blindRoundSeven('reviewer'), '7', detail);
    expect(redacted.sections[0]!.answers.map((answer) => answer.value)).toEqual([HIDDEN_ANSWER, 'Talleres']);
    expect(redacted.file?.name).toBe(HIDDEN_ANSWER);
    expect(redacted.blind).toBe(true);
    expect(redactDetail(blindRoundSeven('reviewer'), '7', { ...detail, status: 'approved' })).toEqual({ ...detail, status: 'approved' });
    expect(redactDetail(blindRoundSeven('reviewer'), '8', detail)).toEqual(detail);
    expect(formDefinitions['project-grants'].fields.find((field) => field.name === 'projectName')?.identifying).toBeUndefined();
  });
});
