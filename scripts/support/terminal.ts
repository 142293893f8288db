import { withDisallowedTextReplaced } from '../../src/forms/definitions/validate';

/**
 * What the command-line tools print, as a terminal may show it: no control character but TAB and LF
 * (a CR would let a value overwrite the line before it), no bidi control, no lone surrogate. Values
 * stored before the rule of allowed text, or sent another way, may hold an ESC sequence.
 */
export function forTerminal(text: string): string {
  return withDisallowedTextReplaced(text).replace(/\r(?!\n)/g, '\uFFFD').replace(/\r\n/g, '\n');
}

/** A command's result lines on stdout. */
export function printLines(lines: readonly string[]): void {
  console.log(forTerminal(lines.join('\n')));
}

/** A command's failure on stderr: its message, never its stack. */
export function printFailure(error: unknown): void {
  console.error(forTerminal(error instanceof Error ? error.message : String(error)));
}
