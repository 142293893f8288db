/**
 * The team's calls about rounds (convocatorias): the list every member reads, and the admin's
 * create, edit, extend (also reopens) and close. Shapes from src/api/contracts/rounds.ts, type only.
 */
import type { CreateRoundBody, EditRoundBody, ExtendRoundBody, TeamRound, TeamRoundList } from '@/api/contracts/rounds';
import { request } from '../api';

export type { CreateRoundBody, EditRoundBody, TeamRound, TeamRoundList };

const BASE = '/api/team/rounds';

export const roundPaths = {
  list: BASE,
  round: (id: string) => `${BASE}/${encodeURIComponent(id)}`,
  extend: (id: string) => `${BASE}/${encodeURIComponent(id)}/extend`,
  close: (id: string) => `${BASE}/${encodeURIComponent(id)}/close`,
} as const;

export const roundsApi = {
  list: () => request<TeamRoundList>('GET', roundPaths.list),
  create: (body: CreateRoundBody) => request<TeamRound>('POST', roundPaths.list, body),
  edit: (id: string, body: EditRoundBody) => request<TeamRound>('POST', roundPaths.round(id), body),
  extend: (id: string, closesLocal: string) => request<TeamRound>('POST', roundPaths.extend(id), { closesLocal } satisfies ExtendRoundBody),
  close: (id: string) => request<TeamRound>('POST', roundPaths.close(id)),
};
