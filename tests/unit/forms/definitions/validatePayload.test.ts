// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formDefinitions, officeHours, projectGrants, smallGrants } from '@/forms/definitions';
import { decodeMultipartFields, payloadToFormEntries } from '@/forms/definitions/payload';
import { DISALLOWED_TEXT_MESSAGE, isAllowedText, validateField, validatePayload, withDisallowedTextReplaced } from '@/forms/definitions/validate';
import { validAcademicGrants, validDevconGrants, validFinanceCrypto, validFinanceFiat, validOfficeHours, validProjectGrants, validSmallGrantsEvent, validSmallGrantsProject } from '../../../../scripts/support/formAnswers';
import { websiteOfLength } from './ruleTable';

/** The server's view: what the browser sends for each valid fixture must be accepted as is. */
describe('validatePayload accepts what the browser sends', () => {
  it.each([
    ['project-grants', validProjectGrants],
    ['devcon-grants', validDevconGrants],
    ['small-grants', validSmallGrantsProject],
    ['small-grants', validSmallGrantsEvent],
    ['academic-grants', validAcademicGrants],
    ['office-hours', validOfficeHours],
    ['grantee-finance', validFinanceCrypto],
    ['grantee-finance', validFinanceFiat],
  ] as const)('%s', (key, valid) => {
    const definition = formDefinitions[key];
    const sent = definition.toPayload(valid());
    expect(validatePayload(definition, JSON.parse(JSON.stringify(sent)))).toEqual({ ok: true, values: expect.any(Object), payload: sent });
  });

  it('accepts a 255-character website typed without a scheme (the cap applies to what was typed)', () => {
    const website = websiteOfLength(255 + 'https://'.length).slice('https://'.length);
    expect(website).toHaveLength(255);
    const sent = projectGrants.toPayload({ ...validProjectGrants(), website });
    expect(sent.website).toBe(`https://${website}`);
    expect(validatePayload(projectGrants, sent).ok).toBe(true);
  });

  it('accepts a multipart body once decoded: CRLF line breaks and boolean text parts', () => {
    const entries = payloadToFormEntries(projectGrants.toPayload({ ...validProjectGrants(), repeatApplicant: 'Yes' }));
    const parts = Object.fromEntries(entries.map(([name, value]) => [name, value.replace(/\n/g, '\r\n')]));
    const result = validatePayload(projectGrants, decodeMultipartFields(projectGrants.fields, parts), { upload: { size: 1000 } });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.payload.repeatApplicant).toBe(true);
      expect(result.payload.teamProfile).toBe('Our answer about the team.\nSecond line.');
    }
  });
});

describe('validatePayload rejects what a browser would not send', () => {
  const sentOfficeHours = () => officeHours.toPayload(validOfficeHours());

  it('a body that is not an object', () => {
    for (const body of [null, 'text', [1, 2], 42]) expect(validatePayload(officeHours, body)).toEqual({ ok: false, errors: { _payload: 'The body must be a JSON object of form fields.' } });
  });

  it.each([
    ['NUL', 'Ana\u0000'],
    ['another C0 control (BEL)', 'An\u0007a'],
    ['a form feed', 'Ana\fPérez'],
    ['an unpaired high surrogate', 'Ana\ud800'],
    ['an unpaired low surrogate', '\udc00Ana'],
    ['a reversed surrogate pair', 'Ana\ude00\ud83d'],
    ['DEL', 'Ana\u007f'],
    ['a C1 control (CSI)', 'Ana\u009b31m'],
    ['a right-to-left override (Trojan source)', 'Ana\u202eetadpu'],
    ['a bidi isolate', 'Ana\u2066x\u2069'],
  ])('a text value with %s, with a field message (the browser shows the same)', (_case, firstName) => {
    expect(validatePayload(officeHours, { ...sentOfficeHours(), firstName })).toEqual({ ok: false, errors: { firstName: DISALLOWED_TEXT_MESSAGE } });
    expect(validateField(officeHours.fields.find((field) => field.name === 'firstName')!, { ...validOfficeHours(), firstName })).toBe(DISALLOWED_TEXT_MESSAGE);
  });

  it('exports and terminals get the same text with each such character replaced by U+FFFD, and the rest untouched', () => {
    expect(withDisallowedTextReplaced('\u001b[31mAna\u0007 \u202eñ\ud800 😀\tb\r\n')).toBe('\uFFFD[31mAna\uFFFD \uFFFDñ\uFFFD 😀\tb\r\n');
  });

  it('accepts TAB, LF, CR and paired surrogates (emoji) in text', () => {
    expect(isAllowedText('a\tb\nc\r\nd 😀 ñ')).toBe(true);
    expect(validateField(officeHours.fields.find((field) => field.name === 'firstName')!, { ...validOfficeHours(), firstName: 'Ana 😀' })).toBeUndefined();
  });

  it('an unknown field', () => {
    expect(validatePayload(officeHours, { ...sentOfficeHours(), isAdmin: 'yes' })).toEqual({ ok: false, errors: { isAdmin: 'Unknown field.' } });
  });

  it('a field hidden for the values sent (project answers with an Advice request)', () => {
    const body = { ...sentOfficeHours(), officeHoursRequest: 'Advice' };
    expect(validatePayload(officeHours, body)).toEqual({
      ok: false,
      errors: { projectName: 'Field is not applicable.', projectDescription: 'Field is not applicable.', additionalInfo: 'Field is not applicable.', projectCategory: 'Field is not applicable.' },
    });
  });

  it('an individual’s company other than the full name the browser sends', () => {
    expect(validatePayload(officeHours, { ...sentOfficeHours(), company: 'Someone Else' })).toEqual({ ok: false, errors: { company: 'Field is not applicable.' } });
  });

  it('values of the wrong type', () => {
    expect(validatePayload(officeHours, { ...sentOfficeHours(), firstName: 5 })).toEqual({ ok: false, errors: { firstName: 'Must be a string.' } });
    const sent = projectGrants.toPayload(validProjectGrants());
    expect(validatePayload(projectGrants, { ...sent, repeatApplicant: 'No' })).toEqual({ ok: false, errors: { repeatApplicant: 'Must be true or false.' } });
  });

  it('a missing required field, an over-cap value and an unknown option', () => {
    const { firstName: _omitted, ...withoutFirstName } = sentOfficeHours();
    expect(validatePayload(officeHours, withoutFirstName)).toEqual({ ok: false, errors: { firstName: 'First name is required.' } });
    expect(validatePayload(officeHours, { ...sentOfficeHours(), lastName: 'x'.repeat(81) })).toEqual({ ok: false, errors: { lastName: 'Last name cannot exceed 80 characters.' } });
    expect(validatePayload(officeHours, { ...sentOfficeHours(), timezone: 'Mars/Olympus' })).toEqual({ ok: false, errors: { timezone: 'Choose one of the options.' } });
  });

  it('the file as a value, a file where the form takes none, and a file over 4 MB', () => {
    const sent = projectGrants.toPayload(validProjectGrants());
    expect(validatePayload(projectGrants, { ...sent, uploadProposal: 'data' })).toEqual({ ok: false, errors: { uploadProposal: 'Must be sent as a file.' } });
    expect(validatePayload(officeHours, sentOfficeHours(), { upload: { size: 10 } })).toEqual({ ok: false, errors: { _upload: 'This form does not take a file.' } });
    expect(validatePayload(projectGrants, sent, { upload: { size: 4194305 } })).toEqual({ ok: false, errors: { uploadProposal: 'File size cannot exceed 4mb.' } });
  });

  it('event answers sent with a project category', () => {
    const body = { ...smallGrants.toPayload(validSmallGrantsProject()), eventName: 'Meetup' };
    expect(validatePayload(smallGrants, body)).toEqual({ ok: false, errors: { eventName: 'Field is not applicable.' } });
  });
});
