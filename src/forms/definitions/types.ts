/**
 * The shape of a form definition: one description per form, read by the browser's form kit and
 * by the API server alike. Nothing here may import React,
 * Chakra, Next or the DOM: the server imports these modules in plain Node.
 */

import type { ProgrammeKey } from '../../config/programmes';

import type { EndpointSpec } from '../../api/endpoints';

export type FieldKind = 'text' | 'email' | 'url' | 'number' | 'date' | 'textarea' | 'select' | 'radio' | 'file' | 'captcha';

export type Option = { readonly value: string; readonly label: string };

/**
 * Everything the applicant types or chooses, by field name. Selects and radios hold the chosen
 * option's `value`; the empty string means nothing typed or chosen. The uploaded file is not in
 * here: the kit keeps it apart and the definitions only see its size (UploadInfo).
 */
export type FormValues = Record<string, string>;

/** What the rules need to know of an upload: whether there is one, and its size in bytes. */
export type UploadInfo = { readonly size: number } | null;

/** A value as it travels in the request body. */
export type WireValue = string | number | boolean;
export type WirePayload = Record<string, WireValue>;

/** Field name → message. */
export type FieldErrors = Record<string, string>;

export type ValuesPredicate = (values: FormValues) => boolean;

export type FieldMessages = {
  /** Shown when a required field is empty. Default 'Field is required.' */
  readonly required?: string;
  /** Shown when the value is longer than maxLength. Default 'Cannot exceed N characters.' */
  readonly maxLength?: string;
  /** Shown when the text holds a character no field may (isAllowedText). Default DISALLOWED_TEXT_MESSAGE (English forms). */
  readonly disallowed?: string;
  /**
   * Shown when the value is not of the field's kind: an email that is not one, a number field that
   * is not a whole number, a date that is not a date, a choice that is not one of the options, a
   * file over the size limit.
   */
  readonly invalid?: string;
};

/** A further rule on a non-empty value, run after the pattern (e.g. the EIP-55 checksum). */
export type FieldCheck = { readonly test: (value: string) => boolean; readonly message: string };

/** How a field's value becomes part of the request body, and back (definitions/payload.ts). */
export type WireRule = {
  /** 'boolean': the Yes/No choice travels as true/false. Default 'string'. */
  readonly type?: 'string' | 'boolean';
  /** Rewrites the value on the way out (website gets a scheme, company falls back to the name). */
  readonly normalise?: (value: string, values: FormValues) => string;
  /**
   * The inverse the server applies before validating: the shortest value the applicant could have
   * typed to produce this wire value, so that caps are enforced on what was typed (a 255-character
   * website without a scheme is valid although its normalised form is longer).
   */
  readonly denormalise?: (wireValue: string) => string;
  /** Sent even while the field is hidden, as normalise('', values) (company for individuals). */
  readonly sendWhenHidden?: boolean;
};

export interface FieldDefinition {
  /** The spec's field name: the control's `name`, the form value's key and the wire key. */
  readonly name: string;
  readonly kind: FieldKind;
  /** English label (each form reads in one language). */
  readonly label: string;
  readonly help?: string;
  readonly placeholder?: string;
  /** Id of the FormSection the field sits under. */
  readonly section: string;
  /** Whether an empty value is an error; only ever checked while the field is visible. */
  readonly required: boolean | ValuesPredicate;
  /**
   * Cap in UTF-16 code units, i.e. JavaScript's `string.length`, which is what the browser's
   * `maxlength` and the kit's counter count (an emoji counts 2). Textarea line breaks count as one
   * ('\n'): that is the value the browser holds and sends as JSON; multipart bodies turn them into
   * CRLF, which decodeMultipartFields undoes before the server counts.
   */
  readonly maxLength?: number;
  readonly pattern?: { readonly regex: RegExp; readonly message: string };
  readonly checks?: readonly FieldCheck[];
  /** Select and radio fields only. */
  readonly options?: readonly Option[];
  readonly defaultValue?: string;
  /** Absent = always visible. Hidden fields are neither validated nor sent. */
  readonly visibleWhen?: ValuesPredicate;
  readonly messages: FieldMessages;
  readonly wire?: WireRule;
  /** File fields only: the largest accepted upload in bytes. */
  readonly maxBytes?: number;
  /**
   * Names the applicant or lets a reviewer find out who they are (names, email, organisation, handles, links to
   * their work, referrals): with blind review on for the programme, reviewers see "Oculto" in its place until the
   * decision (src/server/team/blind.ts).
   */
  readonly identifying?: boolean;
  /** Checked by the server, then dropped: never stored, exported or shown (the grantee security ID). */
  readonly neverStored?: boolean;
  /**
   * Fields set back to their defaults when this one changes value (grantee finance: a new payment
   * preference clears the addresses and bank details, so details typed for one way of paying are
   * never kept for the other). Applied by valuesAfterChange (definitions/fieldState.ts).
   */
  readonly resetsOnChange?: readonly string[];
}

export type FormSection = {
  readonly id: string;
  /** English heading. */
  readonly title: string;
  /** A note shown under the heading while the section has visible fields. */
  readonly note?: string;
};

/** Each form applies to one programme (src/config/programmes.ts) and is keyed by it. */
export type FormKey = ProgrammeKey;

/**
 * What a form's answers are: an application the team reviews (a submissions row), or a grantee's
 * payment details (encrypted versions, src/server/finance/). Code outside the finance module asks
 * this instead of naming a form.
 */
export type FormKind = 'application' | 'payment-details';

/**
 * Where a form's values are sent: an entry of the one endpoint table (api/endpoints.ts), chosen
 * from the values (small grants picks the project or the event endpoint).
 */
export type EndpointChoice = (values: FormValues) => EndpointSpec;

/** What a form module declares; defineForm() adds the payload mappings. */
export interface FormSpec {
  readonly key: FormKey;
  /** Absent: 'application'. */
  readonly kind?: FormKind;
  /** The `id` of the `<form>` element (devcon reuses 'project-grants-form'). */
  readonly elementId: string;
  readonly title: string;
  readonly sections: readonly FormSection[];
  readonly fields: readonly FieldDefinition[];
  readonly submitLabel: string;
  readonly captcha: boolean;
  readonly upload: boolean;
  /** Whether the kit keeps a browser draft (never for grantee finance: payment details). */
  readonly saveDraft: boolean;
  readonly endpoint: EndpointChoice;
  /** The thank-you page's address as the export serves it (trailing slash): the form loads it after a send. */
  readonly thankYouPath: string;
}

export interface FormDefinition extends FormSpec {
  readonly kind: FormKind;
  /** The request body: visible fields only, option values, booleans, defaults. */
  toPayload(values: FormValues): WirePayload;
  /**
   * The form values a wire payload stands for (booleans back to 'Yes'/'No', normalised values
   * back to what could have been typed, absent fields as ''). Expects a payload whose value types
   * are already checked: use validatePayload for anything that came over the network.
   */
  fromPayload(payload: WirePayload): FormValues;
}
