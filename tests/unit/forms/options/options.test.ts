// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  applyingAs,
  countries,
  eventFormats,
  eventTypes,
  grantsWaveReferralSources,
  officeHoursCategories,
  projectCategories,
  referralSources,
  researchCategories,
  shareResearch,
  smallGrantsCategories,
  timeZoneEntries,
  timeZones,
} from '@/forms/options';
import type { Option } from '@/forms/definitions';

const labels = (options: readonly Option[]): string[] => options.map((option) => option.label);

describe('option lists of the forms', () => {
  it('office-hours categories, in the spec’s order', () => {
    expect(labels(officeHoursCategories)).toEqual([
      'Community and education', 'Community event', 'Consensus layer', 'Cryptography and zero knowledge proofs',
      'Developer experience and tooling', 'Execution layer', 'General research', 'Layer 2', 'Other',
    ]);
  });

  it('the grants list is the same without Community event', () => {
    expect(projectCategories).toEqual(officeHoursCategories.filter((option) => option.label !== 'Community event'));
  });

  it("small grants: the grants list plus 'Event sponsorship'", () => {
    expect(smallGrantsCategories.filter((option) => option.label !== 'Event sponsorship')).toEqual(projectCategories);
    expect(smallGrantsCategories.find((option) => option.label === 'Event sponsorship')?.value).toBe('event-sponsorship');
  });

  it('research categories', () => {
    expect(labels(researchCategories)).toEqual([
      'Economics', 'Consensus layer', 'Formal Verification', 'Miner Extracted Value (MEV)', 'Cryptography and zero knowledge proofs',
      'P2P networking', 'Hardware', 'Other',
    ]);
  });

  it('referral sources name the host; the grants-wave list adds the front-desk email', () => {
    expect(labels(referralSources('Cadena Academy'))).toEqual([
      'Ethereum Blog', 'Ethereum Community Events', 'Cadena Academy', 'ESP Newsletter', 'Social Media', 'Other team/project in ecosystem', 'Other',
    ]);
    expect(labels(grantsWaveReferralSources('Cadena Academy'))).toEqual([
      'Ethereum Blog', 'Ethereum Community Events', 'Cadena Academy', 'ESP Newsletter', 'Social Media', 'Other team/project in ecosystem',
      'Email received at the front', 'Other',
    ]);
    // The stored value does not change with the deployment's name.
    expect(referralSources('Otra Academia')[2]?.value).toBe(referralSources('Cadena Academy')[2]?.value);
  });

  it('applying as, event types, event formats, share research', () => {
    expect(labels(applyingAs)).toEqual(['An individual', 'A University', 'A consortium of Universities', 'A Think-Tank', 'A Research Center', 'Other']);
    expect(labels(eventTypes)).toEqual(['Conference', 'Hackathon', 'Meetup', 'Speaker Series', 'Other']);
    expect(labels(eventFormats)).toEqual(['In-person', 'Online', 'Hybrid (both)']);
    expect(labels(shareResearch)).toEqual(['Yes', 'No', 'Maybe']);
  });

  it("every list uses one 'other' value, so one rule reveals the follow-ups", () => {
    for (const list of [projectCategories, researchCategories, applyingAs, eventTypes, referralSources('x'), grantsWaveReferralSources('x')]) {
      expect(list.find((option) => option.label === 'Other')?.value).toBe('other');
    }
  });
});

describe('countries: the full ISO 3166-1 list in English, like the forms', () => {
  it('has every country once, by alpha-2 code', () => {
    expect(countries.length).toBeGreaterThanOrEqual(249);
    expect(countries.every((option) => /^[A-Z]{2}$/.test(option.value))).toBe(true);
    expect(new Set(countries.map((option) => option.value)).size).toBe(countries.length);
  });

  it('names them in English', () => {
    const name = (code: string) => countries.find((option) => option.value === code)?.label;
    expect([name('ES'), name('MX'), name('PE'), name('BR'), name('US'), name('DE')]).toEqual(['Spain', 'Mexico', 'Peru', 'Brazil', 'United States of America', 'Germany']);
  });

  it('sorts them as an English reader expects', () => {
    const names = labels(countries);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(names.indexOf('Åland Islands')).toBeLessThan(names.indexOf('Albania'));
  });
});

/** The standard (non-daylight-saving) offset of a zone in 2025, in minutes, from the runtime's tz data. */
function standardOffsetMinutes(zone: string): number {
  const offsetIn = (month: number): number => {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(new Date(Date.UTC(2025, month, 15)))
      .find((part) => part.type === 'timeZoneName')?.value;
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
    if (!match) return 0; // 'GMT' alone: offset zero
    const minutes = Number(match[2]) * 60 + Number(match[3]);
    return match[1] === '-' ? -minutes : minutes;
  };
  // Daylight saving only ever moves clocks forward, so the standard offset is the smaller one.
  return Math.min(offsetIn(0), offsetIn(6));
}

describe('time zones: about a hundred, with their GMT offsets', () => {
  it('has about a hundred distinct zones, sorted by offset', () => {
    expect(timeZones.length).toBeGreaterThanOrEqual(90);
    expect(timeZones.length).toBeLessThanOrEqual(130);
    expect(new Set(timeZones.map((option) => option.value)).size).toBe(timeZones.length);
    const offsets = timeZoneEntries.map((entry) => standardOffsetMinutes(entry.value));
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  });

  it('names the zones in English, as the form reads', () => {
    const label = (zone: string) => timeZones.find((option) => option.value === zone)?.label;
    expect([label('America/New_York'), label('Etc/GMT+12'), label('Atlantic/Stanley')]).toEqual([
      '(GMT-05:00) Eastern Time (US and Canada)',
      '(GMT-12:00) International Date Line West',
      '(GMT-03:00) Stanley (Falkland Islands)',
    ]);
  });

  it('lists the zones of one offset in English alphabetical order', () => {
    const offsets = [...new Set(timeZoneEntries.map((entry) => entry.standardOffset))];
    for (const offset of offsets) {
      const names = timeZoneEntries.filter((entry) => entry.standardOffset === offset).map((entry) => entry.label);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    }
    expect(offsets.length).toBeGreaterThan(20);
  });

  it.each(timeZoneEntries.map((entry) => [entry.value, entry.label, entry.standardOffset] as const))('%s: %s matches the tz database', (zone, label, offset) => {
    const sign = offset.startsWith('-') ? -1 : 1;
    const [hours, minutes] = offset.slice(1).split(':').map(Number);
    expect(standardOffsetMinutes(zone)).toBe(sign * ((hours ?? 0) * 60 + (minutes ?? 0)));
    expect(label).toMatch(/^\(GMT[+-]\d{2}:\d{2}\) \S/);
  });
});
