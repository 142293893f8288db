import { describe, expect, it } from 'vitest';
import { dayOf, instantOf, localOf } from '@/lib/roundTime';
import { storedRoundSentence } from '@/lib/rounds';

/**
 * A round's moments between what an admin types in the round's timezone and the instant the server
 * stores (issue 50), with the platform's time zone database: AoE is UTC−12 all year, the region's
 * zones follow their own rules (Santiago's daylight saving included).
 */
describe('round moments', () => {
  it('reads a wall-clock time in AoE, UTC and the region’s zones as the instant it names', () => {
    expect(instantOf('2027-03-15T23:59', 'AoE')?.toISOString()).toBe('2027-03-16T11:59:00.000Z');
    expect(instantOf('2027-03-15T23:59', 'UTC')?.toISOString()).toBe('2027-03-15T23:59:00.000Z');
    expect(instantOf('2027-03-15T23:59', 'America/Bogota')?.toISOString()).toBe('2027-03-16T04:59:00.000Z');
    // Santiago: UTC−3 in its summer (January), UTC−4 in its winter (July).
    expect(instantOf('2027-01-15T12:00', 'America/Santiago')?.toISOString()).toBe('2027-01-15T15:00:00.000Z');
    expect(instantOf('2027-07-15T12:00', 'America/Santiago')?.toISOString()).toBe('2027-07-15T16:00:00.000Z');
  });

  it('writes an instant back as the same wall-clock time and day', () => {
    for (const [local, timezone] of [['2027-03-15T23:59', 'AoE'], ['2027-07-15T12:00', 'America/Santiago'], ['2027-12-31T00:00', 'America/Sao_Paulo']] as const) {
      expect(localOf(instantOf(local, timezone)!, timezone)).toBe(local);
    }
    expect(dayOf(new Date('2027-03-16T11:58:59Z'), 'AoE')).toBe('2027-03-15');
  });

  it('refuses a date that does not exist', () => {
    expect(instantOf('2027-02-30T10:00', 'UTC')).toBeNull();
    expect(instantOf('2027-03-15T24:00', 'UTC')).toBeNull();
    expect(instantOf('15/03/2027 10:00', 'UTC')).toBeNull();
  });

  it('says a closed round’s published day in its own timezone, and a close at midnight as the day before', () => {
    const closed = { state: 'closed', opensAt: new Date('2027-03-02T12:00:00Z'), closesAt: new Date('2027-03-16T11:59:00Z'), timezone: 'AoE' } as const;
    expect(storedRoundSentence('academic-grants', closed)).toBe('La convocatoria de Academic Grants cerró el 15 de marzo de 2027 y ya no recibe solicitudes.');
    const seeded = { state: 'closed', opensAt: new Date('2022-05-01T00:00:00Z'), closesAt: new Date('2022-05-16T00:00:00Z'), timezone: 'UTC' } as const;
    expect(storedRoundSentence('academic-grants', seeded)).toBe('La convocatoria de Academic Grants cerró el 15 de mayo de 2022 y ya no recibe solicitudes.');
    const upcoming = { state: 'upcoming', opensAt: new Date('2027-03-02T12:00:00Z'), closesAt: null, timezone: 'AoE' } as const;
    expect(storedRoundSentence('devcon-grants', upcoming)).toBe('La convocatoria de Devcon Grants abre el 2 de marzo de 2027; todavía no recibe solicitudes.');
    expect(storedRoundSentence('devcon-grants', { ...upcoming, state: 'open' })).toBeNull();
  });
});
