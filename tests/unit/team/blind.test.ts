// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formDefinitions } from '@/forms/definitions';
import type { ApplicationStatus } from '@/lib/applicationStatus';
import type { Role } from '@/lib/team';
import { hidesIdentity, HIDDEN_ANSWER, redactDetail, redactPayload } from '@/server/team/blind';

describe('blind review', () => {
  const blindProjects = (role: Role) => ({ role, blindForms: ['project-grants' as const] });

  it.each<[Role, 'project-grants' | 'small-grants', ApplicationStatus, boolean]>([
    ['reviewer', 'project-grants', 'received', true],
    ['reviewer', 'project-grants', 'in_review', true],
    ['reviewer', 'project-grants', 'information_requested', true],
    ['reviewer', 'project-grants', 'withdrawn', true],
    ['reviewer', 'project-grants', 'approved', false],
    ['reviewer', 'project-grants', 'rejected', false],
    ['reviewer', 'small-grants', 'received', false],
    ['admin', 'project-grants', 'received', false],
    ['finance', 'project-grants', 'received', false],
  ])('a %s reading %s (%s) sees the applicant hidden: %s', (role, form, status, hidden) => {
    expect(hidesIdentity(blindProjects(role), form, status)).toBe(hidden);
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
    const redacted = redactDetail(blindProjects('reviewer'), detail);
    expect(redacted.sections[0]!.answers.map((answer) => answer.value)).toEqual([HIDDEN_ANSWER, 'Talleres']);
    expect(redacted.file?.name).toBe(HIDDEN_ANSWER);
    expect(redacted.blind).toBe(true);
    expect(redactDetail(blindProjects('reviewer'), { ...detail, status: 'approved' })).toEqual({ ...detail, status: 'approved' });
    expect(formDefinitions['project-grants'].fields.find((field) => field.name === 'projectName')?.identifying).toBeUndefined();
  });
});
