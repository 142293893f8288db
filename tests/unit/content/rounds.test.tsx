import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { roundState } from '@/config/programmes';
import { apiServer } from '../../support/apiServer';

vi.mock('next/router', () => ({ useRouter: () => ({ asPath: '/academic-grants/apply/', pathname: '/academic-grants/apply' }) }));

const day = (iso: string) => ({ day: iso.slice(0, 10), iso });

describe('a round follows its dates', () => {
  it('is open with no dates (the default configuration keeps the spec forms)', () => {
    expect(roundState({}, new Date('2026-11-23T20:00:00Z'))).toBe('open');
  });

  it('counts the whole closing day (UTC), then closes', () => {
    const dates = { closes: day('2022-05-15') };
    expect(roundState(dates, new Date('2022-05-15T23:59:59Z'))).toBe('open');
    expect(roundState(dates, new Date('2022-05-16T00:00:00Z'))).toBe('closed');
  });

  it('is upcoming before its opening day, and honours a time with an offset', () => {
    const dates = { opens: day('2030-03-01'), closes: day('2030-04-01T18:00:00-05:00') };
    expect(roundState(dates, new Date('2030-02-28T23:59:59Z'))).toBe('upcoming');
    expect(roundState(dates, new Date('2030-03-01T00:00:00Z'))).toBe('open');
    expect(roundState(dates, new Date('2030-04-01T22:59:59Z'))).toBe('open');
    expect(roundState(dates, new Date('2030-04-01T23:00:00Z'))).toBe('closed');
  });
});

describe('the academic grants apply page', () => {
  // The page then asks the server (GET /api/rounds); here the server cannot answer, so the build's state stays.
  beforeEach(() => apiServer.use(http.get('*/api/rounds', () => HttpResponse.error())));
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('after the round closes: a Spanish "convocatoria cerrada" notice with the contact address, and no form', async () => {
    vi.stubEnv('NEXT_PUBLIC_ACADEMIC_GRANTS_CLOSES', '2022-05-15');
    vi.resetModules();
    const page = await import('@/pages/academic-grants/apply');
    const { props } = page.getStaticProps();
    expect(props.built.kind).toBe('notice');
    render(<page.default built={props.built} />);
    const notice = screen.getByRole('region', { name: 'Convocatoria cerrada' });
    expect(notice).toHaveTextContent('La convocatoria de Academic Grants cerró el 15 de mayo de 2022 y ya no recibe solicitudes.');
    expect(within(notice).getByRole('link', { name: 'academic-grants@example.org' })).toHaveAttribute('href', 'mailto:academic-grants@example.org');
    expect(within(notice).getByRole('link', { name: 'Más sobre Academic Grants' })).toHaveAttribute('href', '/academic-grants/');
    expect(document.querySelector('form')).toBeNull();
  }, 30_000); // the first import of the page loads the forms kit

  it('with the default configuration, the page is built with its form', async () => {
    vi.resetModules();
    const page = await import('@/pages/academic-grants/apply');
    expect(page.getStaticProps().props.built.kind).toBe('form');
  }, 30_000);
});
