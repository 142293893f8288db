// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formDefinitions, isPaymentDetailsForm, isReviewedForm } from '@/forms/definitions';
import { defaultValues } from '@/forms/definitions/validate';

/** What holds of each form as a whole: its key, page, endpoint and sections. */
const expected = {
  'project-grants': { elementId: 'project-grants-form', thankYou: '/applicants/project-grants/thank-you/', captcha: true, upload: true, draft: true, endpoint: 'POST /api/project-grants multipart' },
  'devcon-grants': { elementId: 'project-grants-form', thankYou: '/devcon-grants/thank-you/', captcha: true, upload: false, draft: true, endpoint: 'POST /api/devcon-grants json' },
  'small-grants': { elementId: 'small-grants-form', thankYou: '/applicants/small-grants/thank-you/', captcha: true, upload: true, draft: true, endpoint: 'POST /api/small-grants/event json' },
  'academic-grants': { elementId: 'academic-grants-form', thankYou: '/academic-grants/thank-you/', captcha: false, upload: false, draft: true, endpoint: 'POST /api/academic-grants json' },
  'office-hours': { elementId: 'office-hours-form', thankYou: '/applicants/office-hours/thank-you/', captcha: false, upload: false, draft: true, endpoint: 'POST /api/office-hours json' },
  'grantee-finance': { elementId: 'grantee-finance-form', thankYou: '/applicants/grantee-finance/thank-you/', captcha: false, upload: false, draft: false, endpoint: 'PUT /api/grantee-finance json' },
} as const;

describe('the six forms as a whole', () => {
  it('are exactly the six forms', () => {
    expect(Object.keys(formDefinitions).sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.entries(expected))('%s: element id, thank-you route, captcha, upload, draft and endpoint', (key, form) => {
    const definition = formDefinitions[key as keyof typeof expected];
    const endpoint = definition.endpoint(defaultValues(definition));
    expect({
      elementId: definition.elementId,
      thankYou: definition.thankYouPath,
      captcha: definition.captcha,
      upload: definition.upload,
      draft: definition.saveDraft,
      endpoint: `${endpoint.method} ${endpoint.path} ${endpoint.encoding}`,
    }).toEqual(form);
  });

  it("the project, small and event forms submit with 'Submit Application'", () => {
    expect(['project-grants', 'small-grants', 'devcon-grants'].map((key) => formDefinitions[key as keyof typeof expected].submitLabel)).toEqual(['Submit Application', 'Submit Application', 'Submit Application']);
  });

  it('grantee finance alone holds payment details; the others are applications the team reviews', () => {
    const kinds = Object.fromEntries(Object.values(formDefinitions).map((definition) => [definition.key, definition.kind]));
    expect(kinds).toEqual({
      'project-grants': 'application',
      'devcon-grants': 'application',
      'small-grants': 'application',
      'academic-grants': 'application',
      'office-hours': 'application',
      'grantee-finance': 'payment-details',
    });
    expect(Object.keys(formDefinitions).filter((key) => isPaymentDetailsForm(key as keyof typeof expected))).toEqual(['grantee-finance']);
    expect(Object.keys(formDefinitions).filter((key) => !isReviewedForm(key as keyof typeof expected))).toEqual(['grantee-finance']);
  });

  it('only the security ID is checked by the server and never stored', () => {
    const neverStored = Object.values(formDefinitions).flatMap((definition) => definition.fields.filter((field) => field.neverStored).map((field) => `${definition.key}.${field.name}`));
    expect(neverStored).toEqual(['grantee-finance.granteeSecurityID']);
  });
});
