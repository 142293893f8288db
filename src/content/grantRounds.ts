/** Copy of the two grant rounds: /academic-grants and /devcon-grants. */
import { facts, foundation, roundState } from '@/config/programmes';
import { publishedCriteria } from '@/config/review';
import { contact, links } from '@/config/site';
import { businessDays, dayEs, sentences, usd, usdEnglish, weeks } from '../lib/figures';
import { routes } from '../config/routes';
import { openBooksBlock } from './openBooks';
import { academicBannerNote, applyBlocks, deadlineText, ROUND_NODES, roundStats, submitStepText, type RoundFacts, type RoundPageParams, type RoundPageProgramme } from './roundCopy';
import type { SectionedPageCopy } from './types';

const academic = facts.academicGrants;
const devcon = facts.devconGrants;
/** Each round page's settings; they travel to the page with its copy, for it to follow the server's answer. */
export const roundPageParams: Readonly<Record<RoundPageProgramme, RoundPageParams>> = {
  'academic-grants': {
    programme: 'academic-grants',
    openText: 'Cuando tengas lista tu propuesta, completa el formulario de la ronda.',
    applyHref: routes.academicGrantsApply,
    contactEmail: contact.academicGrants,
    foundationName: foundation.name,
    ...(academic.totalUsd ? { budget: usd(academic.totalUsd), totalEnglish: usdEnglish(academic.totalUsd) } : {}),
  },
  'devcon-grants': {
    programme: 'devcon-grants',
    openText: 'Completa el formulario con los datos de tu evento.',
    applyHref: routes.devconGrantsApply,
    contactEmail: contact.devconGrants,
    foundationName: foundation.name,
  },
};

/** A round as the build sees it: today's settings, judged with the build machine's clock. */
function builtRound(programme: RoundPageProgramme): RoundFacts {
  const dates = (programme === 'academic-grants' ? academic : devcon).round;
  const { budget } = roundPageParams[programme];
  return { state: roundState(dates, new Date()), dates, ...(budget ? { budget } : {}) };
}

/** The rounds at build time; the pages follow the server's answer at run time (src/light/roundPage.ts, by the nodes' ROUND_NODES names). */
const academicRound = builtRound('academic-grants');
const devconRound = builtRound('devcon-grants');
const confirmation = `Recibirás un correo de confirmación en un plazo de ${businessDays(facts.confirmationBusinessDays)}.`;

function decision(decisionWeeks: number | undefined): string | undefined {
  return decisionWeeks ? `La decisión suele llegar en unas ${weeks(decisionWeeks)}.` : undefined;
}

export const academicGrantsPage: SectionedPageCopy = {
  meta: {
    title: 'Academic Grants Round',
    description: sentences(
      `Academic Grants Round: ${academic.totalUsd ? `una ronda de hasta ${usd(academic.totalUsd)} en total` : 'una ronda de becas'} para investigación académica sobre Ethereum.`,
      academic.round.closes && `Propuestas hasta el ${dayEs(academic.round.closes)}.`,
    ),
  },
  banner: {
    title: 'Academic Grants Round',
    lead: 'Una ronda de becas para universidades, centros de investigación e investigadores independientes que estudian Ethereum.',
    note: {
      // The spec's English wording; the amount and the date are the configured ones.
      text: academicBannerNote(roundPageParams['academic-grants'], academicRound),
      lang: 'en',
      // Its date follows the server's; a note built without one stays so (a sentence added at the top would move the page).
      ...(academicRound.dates.closes ? { light: ROUND_NODES.bannerNote } : {}),
    },
  },
  sidebarLabel: 'Secciones de Academic Grants Round',
  sections: [
    {
      id: 'description',
      title: 'Descripción',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Esta ronda busca acercar la investigación académica al ecosistema Ethereum. Damos prioridad a trabajos con resultados abiertos, que toda la comunidad pueda aprovechar.',
        },
        ...(roundStats(academicRound).length > 0 ? [{ kind: 'stats' as const, items: roundStats(academicRound), light: ROUND_NODES.stats }] : []),
        openBooksBlock,
      ],
    },
    {
      id: 'submit-proposal',
      title: 'Cómo enviar una propuesta',
      blocks: [
        {
          kind: 'steps',
          items: [
            { title: 'Lee los requisitos', text: 'Comprueba que tu institución y tu tema encajan en la ronda.' },
            { title: 'Prepara la propuesta', text: 'Alcance, objetivos, equipo, cronograma y monto solicitado.' },
            {
              title: 'Completa el formulario',
              text: submitStepText(academicRound),
              light: ROUND_NODES.submitStep,
            },
          ],
        },
      ],
    },
    {
      id: 'deadline',
      title: 'Fecha límite',
      blocks: [
        {
          kind: 'paragraph',
          text: deadlineText(academicRound),
          light: ROUND_NODES.deadline,
        },
      ],
    },
    {
      id: 'requirements',
      title: 'Requisitos',
      blocks: [
        {
          kind: 'list',
          items: [
            'Pueden postular personas, universidades, consorcios de universidades, think tanks y centros de investigación.',
            'La persona de contacto debe poder firmar el acuerdo o indicar quién puede hacerlo.',
            'Se valora que los resultados se publiquen de forma abierta; el formulario te pregunta si compartirás tu investigación.',
            'La propuesta debe indicar un monto, un cronograma y los riesgos previstos.',
          ],
        },
      ],
    },
    {
      id: 'selection-criteria',
      title: 'Criterios de selección',
      blocks: [
        {
          kind: 'list',
          // The rubric the team scores applications with (src/config/review.ts): written once.
          items: publishedCriteria('academic-grants'),
          light: ROUND_NODES.criteria,
        },
      ],
    },
    {
      id: 'wishlist',
      title: 'Temas de interés',
      blocks: [
        { kind: 'paragraph', text: 'Aceptamos propuestas de cualquier tema relacionado con Ethereum, pero nos interesan especialmente:' },
        {
          kind: 'list',
          items: [
            'Economía y diseño de mecanismos.',
            'Capa de consenso y verificación formal.',
            'Valor máximo extraíble (MEV).',
            'Criptografía y pruebas de conocimiento cero.',
            'Redes P2P y hardware.',
          ],
        },
      ],
    },
    {
      id: 'next-steps-and-support',
      title: 'Próximos pasos y apoyo',
      blocks: [
        {
          kind: 'paragraph',
          text: sentences(
            confirmation,
            decision(academic.decisionWeeks),
            'Si tu propuesta avanza, te contactaremos para acordar hitos y condiciones.',
            `Para cualquier duda, escribe a ${contact.academicGrants}.`,
          ),
        },
      ],
    },
    {
      id: 'faq',
      title: 'Preguntas frecuentes',
      blocks: [
        {
          kind: 'faq',
          items: [
            { question: '¿Puedo postular sin pertenecer a una universidad?', answer: ['Sí. Los investigadores independientes también pueden postular de forma individual.'] },
            { question: '¿Tengo que compartir mi investigación?', answer: ['Te preguntaremos si estás dispuesto a compartirla. Las propuestas con resultados abiertos tienen prioridad.'] },
            { question: '¿En qué idioma envío la propuesta?', answer: [`El formulario está en inglés. Si tienes dudas sobre el idioma de tus respuestas, escribe a ${contact.academicGrants}.`] },
          ],
        },
      ],
    },
    {
      id: 'apply',
      title: 'Solicitud',
      blocks: applyBlocks(roundPageParams['academic-grants'], academicRound),
    },
  ],
};

export const devconGrantsPage: SectionedPageCopy = {
  meta: {
    title: 'Devcon Grants',
    description: 'Devcon Grants: apoyo económico y de otro tipo para meetups y eventos en Latinoamérica antes de Devcon.',
  },
  banner: {
    title: 'Devcon Grants',
    lead: 'Apoyo para la comunidad que se reúne antes de la conferencia.',
    note: { text: 'El programa ofrece apoyo económico y de otro tipo a meetups y eventos en Latinoamérica de cara a Devcon.' },
  },
  sidebarLabel: 'Secciones de Devcon Grants',
  sections: [
    {
      id: 'description',
      title: 'Descripción',
      blocks: [
        {
          kind: 'paragraph',
          text: sentences(
            'Devcon es la conferencia de desarrolladores de Ethereum. Antes de cada edición, apoyamos a quienes organizan encuentros en la región para que más personas lleguen preparadas y conectadas.',
            devcon.conferenceDate && `La próxima edición empieza el ${dayEs(devcon.conferenceDate)}.`,
          ),
        },
        { kind: 'action', link: { label: 'Sitio de Devcon', href: links.devconSite, external: true } },
        openBooksBlock,
      ],
    },
    {
      id: 'who',
      title: '¿A quién apoyamos?',
      blocks: [
        {
          kind: 'list',
          items: ['Comunidades locales de Ethereum.', 'Universidades y clubes de estudiantes.', 'Organizadores de hackatones, talleres y series de charlas.'],
        },
      ],
    },
    {
      id: 'eligibility',
      title: 'Elegibilidad',
      blocks: [
        {
          kind: 'list',
          items: [
            'El evento se realiza en Latinoamérica o en línea para público de la región.',
            devcon.conferenceDate ? `El evento ocurre antes de Devcon (${dayEs(devcon.conferenceDate)}).` : 'El evento ocurre antes de Devcon.',
            'El contenido es abierto y no promueve un token o producto específico.',
          ],
        },
      ],
    },
    {
      id: 'how-to-apply',
      title: 'Cómo postular',
      blocks: [
        {
          kind: 'steps',
          items: [
            { title: 'Describe tu evento', text: 'Nombre, fecha, formato, público esperado y ponentes confirmados.' },
            { title: 'Indica el apoyo que pides', text: 'El monto que solicitas, para qué lo usarías y qué otros patrocinadores tienes.' },
            { title: 'Envía el formulario', text: 'Te responderemos por correo con los siguientes pasos.' },
          ],
        },
      ],
    },
    {
      id: 'selection-criteria',
      title: 'Criterios de selección',
      blocks: [
        {
          kind: 'list',
          items: publishedCriteria('devcon-grants'),
          light: ROUND_NODES.criteria,
        },
      ],
    },
    {
      id: 'next-steps-and-support',
      title: 'Próximos pasos y apoyo',
      blocks: [
        {
          kind: 'paragraph',
          text: sentences(confirmation, decision(devcon.decisionWeeks), `Si tienes preguntas, escribe a ${contact.devconGrants}.`),
        },
      ],
    },
    {
      id: 'faq',
      title: 'Preguntas frecuentes',
      blocks: [
        {
          kind: 'faq',
          items: [
            ...(devcon.otherSupport ? [{ question: '¿Qué tipo de apoyo ofrecen además de dinero?', answer: [devcon.otherSupport] }] : []),
            { question: '¿Puedo postular un evento en línea?', answer: ['Sí, siempre que esté dirigido a público de Latinoamérica.'] },
            {
              question: '¿Con cuánta anticipación debo postular?',
              answer: [
                devcon.leadWeeks
                  ? `Te recomendamos postular al menos ${weeks(devcon.leadWeeks)} antes de la fecha del evento.`
                  : 'Lo antes posible: la evaluación toma tiempo y el apoyo debe llegar antes de la fecha del evento.',
              ],
            },
          ],
        },
      ],
    },
    {
      id: 'apply',
      title: 'Solicitud',
      blocks: applyBlocks(roundPageParams['devcon-grants'], devconRound),
    },
  ],
};
