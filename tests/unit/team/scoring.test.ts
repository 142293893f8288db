// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { academicGrantsPage, devconGrantsPage } from '../../../src/content/grantRounds';
import { DEFAULT_REVIEW_CONFIG, parseReviewConfig, ReviewConfigError } from '../../../src/config/review';
import { ConfigError, loadConfig } from '../../../src/server/config';
import { aggregateReviews, reviewerTotal, type ReviewerStanding } from '../../../src/server/team/scoring/aggregate';
import { scoreVisibility, type Standing } from '../../../src/server/team/scoring/access';

const equal = [
  { key: 'a', weight: 1 },
  { key: 'b', weight: 1 },
];
const weighted = [
  { key: 'a', weight: 3 },
  { key: 'b', weight: 1 },
];

describe('a reviewer’s total', () => {
  it.each([
    ['equal weights', equal, { a: 5, b: 1 }, 3],
    ['weight 3 to 1 pulls towards the heavy criterion', weighted, { a: 5, b: 1 }, 4],
    ['all ones', weighted, { a: 1, b: 1 }, 1],
    ['all fives', weighted, { a: 5, b: 5 }, 5],
    ['fractional weights', [{ key: 'a', weight: 0.5 }, { key: 'b', weight: 1.5 }], { a: 2, b: 4 }, 3.5],
  ])('%s', (_name, criteria, scores, total) => {
    expect(reviewerTotal(criteria, scores)).toBeCloseTo(total, 10);
  });

  it('refuses a missing criterion rather than counting it as zero', () => {
    expect(() => reviewerTotal(equal, { a: 5 })).toThrow("criterion 'b' has no score");
  });
});

describe('an application’s aggregate', () => {
  const done = (total: number): ReviewerStanding => ({ recused: false, total });
  const pending: ReviewerStanding = { recused: false, total: null };
  const recused: ReviewerStanding = { recused: true, total: null };
  it.each<[string, ReviewerStanding[], ReturnType<typeof aggregateReviews>]>([
    ['nobody assigned', [], { score: null, reviewsDone: 0, reviewsAssigned: 0, spread: null, disagreement: false }],
    ['assigned, no review yet', [pending, pending], { score: null, reviewsDone: 0, reviewsAssigned: 2, spread: null, disagreement: false }],
    ['one review: no disagreement whatever its total', [done(1), pending], { score: 1, reviewsDone: 1, reviewsAssigned: 2, spread: 0, disagreement: false }],
    ['two close reviews', [done(3), done(4)], { score: 3.5, reviewsDone: 2, reviewsAssigned: 2, spread: 1, disagreement: false }],
    ['a spread exactly at the threshold flags it', [done(2.1), done(3.6)], { score: 2.85, reviewsDone: 2, reviewsAssigned: 2, spread: 1.5, disagreement: true }],
    ['a tie', [done(4), done(4), done(4)], { score: 4, reviewsDone: 3, reviewsAssigned: 3, spread: 0, disagreement: false }],
    ['a missing review does not count', [done(5), pending, done(2)], { score: 3.5, reviewsDone: 2, reviewsAssigned: 3, spread: 3, disagreement: true }],
    ['a recused reviewer counts in neither', [done(4), recused, pending], { score: 4, reviewsDone: 1, reviewsAssigned: 2, spread: 0, disagreement: false }],
    ['a recused reviewer’s old total is ignored', [done(2), { recused: true, total: 5 }], { score: 2, reviewsDone: 1, reviewsAssigned: 1, spread: 0, disagreement: false }],
    ['thirds are rounded to four decimals', [done(4), done(7 / 3)], { score: 3.1667, reviewsDone: 2, reviewsAssigned: 2, spread: 1.6667, disagreement: true }],
  ])('%s', (_name, reviewers, expected) => {
    expect(aggregateReviews(reviewers, 1.5)).toEqual(expected);
  });

  it('uses the configured threshold', () => {
    expect(aggregateReviews([{ recused: false, total: 3 }, { recused: false, total: 4 }], 1).disagreement).toBe(true);
    expect(aggregateReviews([{ recused: false, total: 3 }, { recused: false, total: 4 }], 1.01).disagreement).toBe(false);
  });
});

describe('who sees scores', () => {
  const standing = (over: Partial<Standing>): Standing => ({ assigned: true, declaration: 'none', submitted: false, ...over });
  it.each<[string, Parameters<typeof scoreVisibility>[0], Standing, ReturnType<typeof scoreVisibility>]>([
    ['a reviewer before submitting: their own only', 'reviewer', standing({}), { own: true, others: false, declarations: false }],
    ['a reviewer after submitting: the others too', 'reviewer', standing({ submitted: true }), { own: true, others: true, declarations: false }],
    ['a reviewer not assigned', 'reviewer', { assigned: false, declaration: null, submitted: false }, { own: true, others: false, declarations: false }],
    ['a recused reviewer: nothing', 'reviewer', standing({ declaration: 'conflict' }), { own: false, others: false, declarations: false }],
    ['an admin: everything', 'admin', { assigned: false, declaration: null, submitted: false }, { own: true, others: true, declarations: true }],
    ['a recused admin: nothing', 'admin', standing({ declaration: 'conflict' }), { own: false, others: false, declarations: false }],
    ['finance: nothing', 'finance', { assigned: false, declaration: null, submitted: false }, { own: false, others: false, declarations: false }],
  ])('%s', (_name, role, given, expected) => {
    expect(scoreVisibility(role, given)).toEqual(expected);
  });
});

describe('the review configuration', () => {
  it('is what the programme pages publish as their selection criteria', () => {
    const published = (page: typeof academicGrantsPage) => {
      const block = page.sections.find((section) => section.id === 'selection-criteria')!.blocks[0]!;
      return block.kind === 'list' ? block.items : [];
    };
    expect(published(academicGrantsPage)).toEqual(DEFAULT_REVIEW_CONFIG.programmes['academic-grants'].criteria.map((criterion) => `${criterion.label}.`));
    expect(published(devconGrantsPage)).toEqual(DEFAULT_REVIEW_CONFIG.programmes['devcon-grants'].criteria.map((criterion) => `${criterion.label}.`));
    expect(published(academicGrantsPage)).toEqual([
      'Relevancia para Ethereum y su comunidad.',
      'Rigor y originalidad de la investigación.',
      'Capacidad del equipo para llevar a cabo la investigación.',
      'Relación entre el presupuesto y el alcance.',
    ]);
    // Every published criterion is a noun phrase standing alone: no leading article, no pronoun without its antecedent.
    for (const page of [academicGrantsPage, devconGrantsPage]) {
      for (const item of published(page)) expect(item, item).not.toMatch(/^(Un|Una|El|La|Los|Las) |\bllevarla\b/);
    }
  });

  it('gives each score of every default criterion its own meaning (a reviewer can tell a 1 from a 2)', () => {
    for (const programme of Object.values(DEFAULT_REVIEW_CONFIG.programmes)) {
      for (const criterion of programme.criteria) {
        const lines = criterion.meanings.map((meaning) => meaning.replace(/^[^:]+: /, ''));
        expect(new Set(lines).size, criterion.label).toBe(5);
        // One scale of adjectives, the same on every criterion (not "Nada / Poco / En parte / Bien").
        expect(criterion.meanings.map((meaning) => meaning.split(':')[0]), criterion.label).toEqual(['Insuficiente', 'Débil', 'Aceptable', 'Bueno', 'Excelente']);
      }
    }
  });

  it('parses every default back to itself (the defaults are a valid file)', () => {
    expect(parseReviewConfig(JSON.parse(JSON.stringify(DEFAULT_REVIEW_CONFIG)))).toEqual(DEFAULT_REVIEW_CONFIG);
  });

  const criterion = { key: 'impacto', label: 'Impacto', description: 'Lo que cambia.', weight: 2, meanings: ['1', '2', '3', '4', '5'] };
  const programme = { blind: true, criteria: [criterion], reasons: { approved: [{ key: 'ok', label: 'Cumple' }], rejected: [{ key: 'no', label: 'No cumple' }] } };

  it('replaces only the programmes a file names, and the threshold', () => {
    const parsed = parseReviewConfig({ disagreementThreshold: 2, programmes: { 'small-grants': programme } });
    expect(parsed.disagreementThreshold).toBe(2);
    expect(parsed.programmes['small-grants']).toEqual(programme);
    expect(parsed.programmes['academic-grants']).toEqual(DEFAULT_REVIEW_CONFIG.programmes['academic-grants']);
  });

  it.each<[string, unknown, string]>([
    ['a weight of 0', { programmes: { 'small-grants': { ...programme, criteria: [{ ...criterion, weight: 0 }] } } }, 'programmes.small-grants.criteria[0].weight must be a number above 0.'],
    ['four meanings', { programmes: { 'small-grants': { ...programme, criteria: [{ ...criterion, meanings: ['1', '2', '3', '4'] }] } } }, 'programmes.small-grants.criteria[0].meanings must be exactly five lines of text, for the scores 1 to 5.'],
    ['a key twice', { programmes: { 'small-grants': { ...programme, criteria: [criterion, criterion] } } }, "programmes.small-grants.criteria: the key 'impacto' appears twice."],
    ['an unknown programme', { programmes: { 'big-grants': programme } }, "programmes: 'big-grants' is not a reviewed programme (project-grants, small-grants, academic-grants, devcon-grants, office-hours)."],
    ['no rejection reason', { programmes: { 'small-grants': { ...programme, reasons: { ...programme.reasons, rejected: [] } } } }, 'programmes.small-grants.reasons.rejected must list at least one reason.'],
    ['a negative threshold', { disagreementThreshold: -1 }, 'disagreementThreshold must be a number above 0 and at most 4 (points on the 1–5 scale).'],
  ])('refuses %s, saying what is wrong', (_name, value, message) => {
    expect(() => parseReviewConfig(value)).toThrow(new ReviewConfigError(message));
  });

  it('stops the server at start with a message naming REVIEW_CONFIG, and is read from the file it names', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'review-config-'));
    try {
      const bad = path.join(dir, 'bad.json');
      fs.writeFileSync(bad, JSON.stringify({ programmes: { 'small-grants': { ...programme, criteria: [{ ...criterion, weight: -2 }] } } }));
      expect(() => loadConfig({ REVIEW_CONFIG: bad })).toThrow(new ConfigError(`REVIEW_CONFIG (${bad}): programmes.small-grants.criteria[0].weight must be a number above 0.`));
      fs.writeFileSync(bad, '{ not json');
      expect(() => loadConfig({ REVIEW_CONFIG: bad })).toThrow(new ConfigError(`REVIEW_CONFIG (${bad}): the file is not valid JSON.`));
      expect(() => loadConfig({ REVIEW_CONFIG: path.join(dir, 'missing.json') })).toThrow(/^REVIEW_CONFIG: cannot read the file/);
      const good = path.join(dir, 'good.json');
      fs.writeFileSync(good, JSON.stringify({ programmes: { 'small-grants': programme } }));
      expect(loadConfig({ REVIEW_CONFIG: good }).review.programmes['small-grants'].criteria).toEqual([criterion]);
      expect(loadConfig({}).review).toBe(DEFAULT_REVIEW_CONFIG);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
