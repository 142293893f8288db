/**
 * Element ids of a field's parts, derived from the spec's field name so that labels, help texts,
 * errors, counters and the "still missing" links all point at the same elements. One form per page,
 * so the field name is unique on the page.
 */
export const fieldIds = (name: string) => ({
  control: `field-${name}`,
  label: `field-${name}-label`,
  help: `field-${name}-help`,
  error: `field-${name}-error`,
  counter: `field-${name}-count`,
});

/** The ids a control's aria-describedby lists: help, counter and error, those that are shown. */
export function describedBy(name: string, parts: { help?: boolean; counter?: boolean; error?: boolean }): string | undefined {
  const ids = fieldIds(name);
  const list = [parts.help && ids.help, parts.counter && ids.counter, parts.error && ids.error].filter(Boolean);
  return list.length > 0 ? list.join(' ') : undefined;
}
