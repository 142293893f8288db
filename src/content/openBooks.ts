/** The card the programme pages carry to /becas-otorgadas/ (issue 51): one block, the same on each. */
import { routes } from '../config/routes';
import type { Block } from './types';

export const openBooksBlock: Block = {
  kind: 'cards',
  items: [
    {
      title: 'Becas otorgadas',
      text: 'Los proyectos que ya financiamos, con sus montos, hitos y pagos, publicados con el consentimiento de cada equipo.',
      link: { label: 'Ver las becas otorgadas', href: routes.openBooks },
    },
  ],
};
