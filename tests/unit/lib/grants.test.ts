import { describe, expect, it } from 'vitest';
import { grantNounOf, grantStateLabelOf, milestoneStateLabels, milestoneStateOn, utcToday, type StoredMilestoneState } from '@/lib/grants';
import { reminderKey, reminderMoment } from '@/server/grants/reminders';

describe('a milestone as shown on a given day', () => {
  it.each<[StoredMilestoneState, string, string, string]>([
    ['pending', '2026-12-10', '2026-12-10', 'pending'],
    ['pending', '2026-12-10', '2026-12-11', 'overdue'],
    ['changes_requested', '2026-12-10', '2026-12-11', 'overdue'],
    ['changes_requested', '2026-12-10', '2026-12-01', 'changes_requested'],
    ['delivered', '2026-12-10', '2027-01-01', 'delivered'],
    ['accepted', '2026-12-10', '2027-01-01', 'accepted'],
  ])('%s due %s is %s on %s', (stored, due, today, shown) => {
    expect(milestoneStateOn(stored, due, today)).toBe(shown);
  });

  it('takes today in UTC, whatever the local hour', () => {
    expect(utcToday(new Date('2026-12-10T23:30:00-05:00'))).toBe('2026-12-11');
  });
});

describe('the words for a grant and its milestones', () => {
  it('name a milestone’s state in the masculine, as "el hito"', () => {
    expect(Object.values(milestoneStateLabels)).toEqual(['Pendiente', 'Entregado', 'Aceptado', 'Con cambios pedidos', 'Vencido']);
  });

  it('call an event sponsorship a patrocinio and a Devcon event’s support an apoyo, never a beca, with the state in agreement', () => {
    expect(grantNounOf('small-grants', 'event-sponsorship')).toBe('patrocinio');
    expect(grantNounOf('small-grants', 'developer-tooling')).toBe('beca');
    expect(grantNounOf('devcon-grants', undefined)).toBe('apoyo');
    expect(grantNounOf('project-grants', 'event-sponsorship')).toBe('beca');
    expect(grantNounOf('academic-grants', undefined)).toBe('beca');
    expect([grantStateLabelOf('active', 'beca'), grantStateLabelOf('active', 'patrocinio'), grantStateLabelOf('completed', 'apoyo')]).toEqual(['Activa', 'Activo', 'Completado']);
  });
});

describe('reminder moments', () => {
  it.each<[string, '7d' | 'overdue', string]>([
    ['2026-12-10', '7d', '2026-12-03T12:00:00.000Z'],
    ['2026-12-10', 'overdue', '2026-12-11T12:00:00.000Z'],
    ['2027-03-01', '7d', '2027-02-22T12:00:00.000Z'],
    ['2028-03-01', '7d', '2028-02-23T12:00:00.000Z'],
    ['2026-12-31', 'overdue', '2027-01-01T12:00:00.000Z'],
  ])('a milestone due %s: the %s reminder leaves at %s', (due, kind, moment) => {
    expect(reminderMoment(due, kind).toISOString()).toBe(moment);
  });

  it('keys each reminder by milestone, due date and kind, so a new date is a new reminder', () => {
    expect(reminderKey('7', '2026-12-10', '7d')).toBe('reminder:milestone:7:2026-12-10:7d');
    expect(reminderKey('7', '2026-12-11', '7d')).not.toBe(reminderKey('7', '2026-12-10', '7d'));
  });
});
