/**
 * The pages whose data comes after the first paint say what they are for under their title before the
 * session is known (that is, in the exported HTML): the text a member reads first, and the page's
 * largest text at its first paint (issue 53: LCP within 1.5 s).
 */
import { screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import FiguresPage from '@/pages/equipo/cifras';
import RoundsPage from '@/pages/equipo/convocatorias';
import PaymentsPage from '@/pages/equipo/pagos';
import { answer, never, renderPage } from './harness';

vi.mock('@/team/navigate', () => ({ navigate: vi.fn() }));

const pages: Array<[string, ComponentType, string, RegExp]> = [
  ['Cifras', FiguresPage, '/equipo/cifras/', /^Las cifras de cada programa y convocatoria\. Cada cifra lleva a la lista de Solicitudes/],
  ['Convocatorias', RoundsPage, '/equipo/convocatorias/', /^Las convocatorias abiertas, próximas y pasadas de cada programa/],
  ['Pagos', PaymentsPage, '/equipo/pagos/', /^Los hitos aceptados que faltan por pagar/],
];

describe('team pages: the lead under the title is there before the session is known', () => {
  // Each page asks for its screen's chunk as it mounts (beside the session probe); loaded here first,
  // so that no import is still on its way when the test file ends.
  beforeAll(async () => {
    await Promise.all([import('@/team/figures/Figures'), import('@/team/rounds/Rounds'), import('@/team/Payments')]);
  });

  it.each(pages)('%s', (title, Page, address, lead) => {
    answer('get', '/api/team/session', never);
    renderPage(Page, address);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(lead)).toBeInTheDocument();
  });
});
