/**
 * The house style for a moment, on the pages and in the emails alike: the long Spanish date and a
 * 24-hour time, "3 de marzo de 2026 a las 17:30". A page shows it in the reader's own time zone; an
 * email cannot know the reader's zone, so it uses UTC and says so: "… a las 17:30 (UTC)".
 */

const formats = new Map<string, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

function formatsFor(timeZone: string | undefined): { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat } {
  const key = timeZone ?? '';
  let found = formats.get(key);
  if (!found) {
    found = {
      day: new Intl.DateTimeFormat('es', { day: 'numeric', month: 'long', year: 'numeric', timeZone }),
      time: new Intl.DateTimeFormat('es', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }),
    };
    formats.set(key, found);
  }
  return found;
}

/** "3 de marzo de 2026 a las 17:30", in the reader's time zone (pages). */
export function spanishMoment(moment: Date): string {
  const { day, time } = formatsFor(undefined);
  return `${day.format(moment)} a las ${time.format(moment)}`;
}

/** "1 de junio de 2025 a las 14:30 (UTC)" (emails). */
export function spanishUtcMoment(moment: Date): string {
  const { day, time } = formatsFor('UTC');
  return `${day.format(moment)} a las ${time.format(moment)} (UTC)`;
}
