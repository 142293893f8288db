import { Figures, FiguresCsvQuery, FiguresQuery, type FigureTable } from '../../../api/contracts/teamFigures';
import type { ReviewedProgrammeKey } from '../../../config/programmes';
import { toCsv } from '../../export/csv';
import { roundScope } from '../../rounds/filter';
import { recordAudit } from '../audit';
import { figuresTable, readFigures, type FiguresFilter } from '../figures';
import { getOptions, sessionOf, type TeamResource } from './shared';

/** Cifras: the programme's figures for admins and, read-only, reviewers (finance 403), and the CSV of each table. */

/** The CSV files' names, in Spanish like the page's headings. */
const FILE_NAMES: Record<FigureTable, string> = {
  weeks: 'cifras-semanas',
  review: 'cifras-revision',
  money: 'cifras-montos',
  grants: 'cifras-seguimiento',
  reviewers: 'cifras-revisores',
  ratings: 'cifras-valoraciones',
};

const READERS = ['admin', 'reviewer'] as const;

export const figureRoutes: TeamResource = async (team, { database, now }) => {
  const clock = now ?? (() => new Date());
  const filterOf = async (query: FiguresQuery, memberId: string): Promise<FiguresFilter> => {
    const at = clock();
    return { programme: (query.programme || null) as ReviewedProgrammeKey | null, round: await roundScope(database, query.round, at), now: at, memberId };
  };

  team.get('/figures', { ...getOptions(READERS), schema: { querystring: FiguresQuery, response: { 200: Figures } } }, async (request) =>
    readFigures(database, await filterOf(request.query, sessionOf(request).memberId)),
  );

  team.get('/figures.csv', { ...getOptions(READERS), schema: { querystring: FiguresCsvQuery } }, async (request, reply) => {
    const session = sessionOf(request);
    const filter = await filterOf(request.query, session.memberId);
    const table = await figuresTable(database, request.query.table as FigureTable, filter);
    const filterText = Object.entries({ table: request.query.table, programme: filter.programme, round: request.query.round })
      .filter(([, value]) => value)
      .map(([name, value]) => `${name}=${value}`)
      .join(' ');
    await recordAudit(database, { actor: session.email, action: 'export', target: `cifras ${filterText} (${table.rows.length})` });
    const day = filter.now.toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${FILE_NAMES[request.query.table as FigureTable]}-${day}.csv"`)
      .send(toCsv(table.headers, table.rows));
  });
};
