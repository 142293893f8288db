import Ajv, { type ErrorObject } from 'ajv';
import ajvErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * The API's one validator for route schemas (src/api/contracts): no type coercion (Fastify's default
 * turns 1 into "1" and ['x'] into 'x', so a malformed body would pass as another value), properties
 * a schema does not declare are dropped, and each schema's `errorMessage` (ajv-errors) gives the
 * Spanish refusal.
 */
const ajv = new Ajv({ allErrors: true, coerceTypes: false, removeAdditional: true, useDefaults: true, strict: false });
addFormats(ajv);
ajvErrors(ajv);

/** The top-level property an error is about: its path, or the missing property a `required` message stands for. */
function propertyOf(error: ErrorObject): string | undefined {
  const [, name] = error.instancePath.split('/');
  if (name !== undefined) return name;
  const cause = (error.params as { errors?: ErrorObject[] }).errors?.[0];
  return (cause?.params as { missingProperty?: string } | undefined)?.missingProperty;
}

/**
 * Refusals in the order of the schema's properties: when several values are wrong, the route
 * names the first one it declares (ajv-errors would put a missing property's message last).
 */
export const strictValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema }) => {
  const validate = ajv.compile(schema as object);
  const order = Object.keys((schema as { properties?: object }).properties ?? {});
  const rank = (error: ErrorObject): number => {
    const index = order.indexOf(propertyOf(error) ?? '');
    return index === -1 ? order.length : index;
  };
  const check = (data: unknown): boolean => {
    const valid = validate(data);
    check.errors = valid ? null : [...(validate.errors ?? [])].sort((a, b) => rank(a) - rank(b));
    return valid;
  };
  check.errors = null as ErrorObject[] | null;
  return check;
};
