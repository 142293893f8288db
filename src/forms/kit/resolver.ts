import type { FieldErrors as HookFormErrors, Resolver } from 'react-hook-form';
import type { FieldDefinition, FieldErrors, FormValues, UploadInfo } from '@/forms/definitions/types';
import { validateForm } from '@/forms/definitions/validate';

/** The definitions' errors (field name → message) as react-hook-form holds them. */
export function hookFormErrors(errors: FieldErrors): HookFormErrors<FormValues> {
  return Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, { type: 'validate', message }]));
}

/**
 * A react-hook-form resolver that checks values with the fields' own rules (validateForm), for a
 * small form built of field definitions outside a whole FormDefinition (the applicant portal's).
 * `upload` reads the chosen file's size at validation time.
 */
export function fieldsResolver(fields: readonly FieldDefinition[], upload: () => UploadInfo = () => null): Resolver<FormValues> {
  return async (values) => {
    const errors = validateForm({ fields }, values, upload());
    return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors: hookFormErrors(errors) };
  };
}
