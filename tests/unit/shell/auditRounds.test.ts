// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { benchmarkIndexSummary, interleaveReference, median, REFERENCE_LABEL, type Sample, summariseByKind, type Target } from '../../../scripts/audit-rounds';

const route = (label: string, kind = 'content'): Target => ({ label, kind, url: `http://127.0.0.1:3184${label}` });
const reference = { kind: 'reference', url: 'http://127.0.0.1:3185/' };
const run = (performance: number): Sample => ({ performance, accessibility: 100, 'best-practices': 100, seo: 100, tbt: 200, lcp: 1200, benchmarkIndex: 2400 });

describe('the audit round', () => {
  it('measures one reference last, after every route, as before', () => {
    const targets = interleaveReference([route('/'), route('/about/'), route('/apply/', 'form')], reference, 1);
    expect(targets.map((target) => target.label)).toEqual(['/', '/about/', '/apply/', REFERENCE_LABEL]);
  });

  it('follows each route with a reference row of its own when there are as many rows as routes', () => {
    const targets = interleaveReference([route('/'), route('/about/'), route('/cursos/')], reference, 3);
    expect(targets.map((target) => target.label)).toEqual([
      '/',
      `${REFERENCE_LABEL} 1`,
      '/about/',
      `${REFERENCE_LABEL} 2`,
      '/cursos/',
      `${REFERENCE_LABEL} 3`,
    ]);
    expect(targets.filter((target) => target.kind === 'reference').every((target) => target.url === reference.url)).toBe(true);
  });

  it('spreads fewer reference rows evenly through the round', () => {
    const routes = ['/a/', '/b/', '/c/', '/d/', '/e/', '/f/'].map((label) => route(label));
    const labels = interleaveReference(routes, reference, 2).map((target) => target.label);
    expect(labels).toEqual(['/a/', '/b/', '/c/', `${REFERENCE_LABEL} 1`, '/d/', '/e/', '/f/', `${REFERENCE_LABEL} 2`]);
  });
});

describe('the summary by kind', () => {
  it('counts the medians at the bar of their kind: 90 for forms, 95 for the rest', () => {
    const runs: Record<string, Sample[]> = {
      '/': [97, 91, 96, 88, 99].map(run), // median 96
      '/about/': [94, 99, 93, 95, 90].map(run), // median 94
      '/apply/': [91, 85, 90, 89, 97].map(run), // median 90
      [REFERENCE_LABEL]: [98, 98, 97, 93, 92].map(run), // median 97
    };
    const targets = [route('/'), route('/about/'), route('/apply/', 'form'), { ...reference, label: REFERENCE_LABEL }];
    expect(summariseByKind(targets, (label) => runs[label] ?? [])).toBe(
      'content 1 of 2 at 95 or more (94–96); form 1 of 1 at 90 or more (90–90); reference 1 of 1 at 95 or more (97–97)',
    );
  });

  it('takes the middle of an odd number of runs and the mean of the middle two of an even number', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('the host benchmark line', () => {
  it('gives the median and range of BenchmarkIndex over all runs, skipping runs that reported none', () => {
    const samples = [2352.5, 2658.5, 2587, NaN].map((benchmarkIndex) => ({ ...run(100), benchmarkIndex }));
    expect(benchmarkIndexSummary(samples)).toBe('median 2,587 (2,353–2,659, 3 runs)');
    expect(benchmarkIndexSummary([])).toBe('not reported');
  });
});
