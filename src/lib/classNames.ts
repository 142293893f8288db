/** The class attribute for a list of classes, skipping the ones a condition left out: classNames(styles.a, open && styles.b). */
export function classNames(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
