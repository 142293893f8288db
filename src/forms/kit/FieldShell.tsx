import type { ReactNode } from 'react';
import { chakra } from '@chakra-ui/react';
import type { FieldDefinition } from '@/forms/definitions/types';
import { fieldIds } from './fieldIds';

/**
 * Label, help text, the control, and its error message, in that order. Choice groups pass
 * `asGroup`: their caption is a <legend> over a <fieldset> (each option carries its own <label>).
 */
export function FieldShell({ field, required, error, asGroup = false, after, children }: { field: FieldDefinition; required: boolean; error?: string; asGroup?: boolean; after?: ReactNode; children: ReactNode }) {
  const ids = fieldIds(field.name);
  const caption = (
    <>
      {field.label}
      {required ? (
        <chakra.span color="headingText" aria-hidden="true">
          {' '}*
        </chakra.span>
      ) : null}
    </>
  );
  const Wrapper = asGroup ? chakra.fieldset : chakra.div;
  return (
    <Wrapper mb="6" minW="0" border="0" p="0" data-field={field.name}>
      {asGroup ? (
        <chakra.legend id={ids.label} fontWeight="700" fontSize="input" mb="1" p="0">
          {caption}
        </chakra.legend>
      ) : (
        <chakra.label id={ids.label} htmlFor={ids.control} display="block" fontWeight="700" fontSize="input" mb="1">
          {caption}
        </chakra.label>
      )}
      {field.help ? (
        <chakra.p id={ids.help} fontSize="helpText" mb="2">
          {field.help}
        </chakra.p>
      ) : null}
      {children}
      {after}
      {error ? (
        <chakra.p id={ids.error} mt="1" fontSize="helpText" fontWeight="700" color="headingText">
          {error}
        </chakra.p>
      ) : null}
    </Wrapper>
  );
}
