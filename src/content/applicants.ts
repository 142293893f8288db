/** Copy of /applicants (Cursos) and of the three programme pages under it. */
import { facts } from '@/config/programmes';
import { contact, site } from '@/config/site';
import { businessDays, sentences, usd, weeks } from '../lib/figures';
import { whyChooseTitle } from './courses';
import { routes } from '../config/routes';
import { openBooksBlock } from './openBooks';
import type { LinkCopy, SectionCopy, SectionedPageCopy } from './types';

export const applicantsPage: SectionedPageCopy = {
  meta: {
    title: 'Cursos y programas de apoyo',
    description: `Cursos de blockchain en vivo y programas de apoyo de ${site.brand}: Office Hours, Small Grants y Project Grants.`,
  },
  banner: {
    title: 'Cursos y programas de apoyo',
    lead: 'Aprende con nuestros cursos en vivo y, cuando estés listo para construir, postula al tipo de apoyo que mejor se ajuste a tu proyecto.',
  },
  sidebarLabel: 'Secciones de la página',
  sections: [
    {
      id: 'mission-and-scope',
      title: 'Misión y alcance',
      blocks: [
        {
          kind: 'paragraph',
          text: `${site.brand} existe para que más personas de Latinoamérica entiendan, usen y construyan tecnología blockchain. Formamos talento con cursos en vivo y apoyamos a quienes construyen bienes públicos para el ecosistema Ethereum.`,
        },
        {
          kind: 'list',
          items: [
            'Educación en español, en vivo y actualizada.',
            'Apoyo a proyectos de código abierto, investigación, herramientas para desarrolladores y comunidad.',
            'Prioridad a iniciativas que beneficien a muchas personas y no solo a quien las construye.',
          ],
        },
      ],
    },
    {
      id: 'how-we-support',
      title: 'Cómo apoyamos',
      blocks: [
        {
          kind: 'paragraph',
          text: 'El apoyo no es solo dinero: muchas veces una conversación a tiempo o una presentación a la persona indicada vale más que una beca.',
        },
        {
          kind: 'cards',
          items: [
            { title: 'Formación', text: 'Cursos en vivo desde los fundamentos hasta la consultoría profesional.' },
            { title: 'Asesoría', text: 'Sesiones de Office Hours para resolver dudas y recibir comentarios sobre tu proyecto.' },
            { title: 'Financiamiento', text: 'Becas para proyectos, investigación y eventos comunitarios en la región.' },
          ],
        },
      ],
    },
    {
      id: 'cursos',
      title: 'Nuestros cursos',
      blocks: [
        {
          kind: 'cards',
          items: [
            {
              title: 'Blockchain desde cero',
              text: 'Los conceptos fundamentales de blockchain, explicados desde el principio.',
              link: { label: 'Aprende más', href: routes.beginnerCourse },
            },
            {
              title: 'Blockchain Consultant',
              text: `Curso en vivo de ${weeks(facts.courses.consultantWeeks)}, con certificación, para asesorar proyectos blockchain.`,
              link: { label: 'Aprende más', href: routes.consultantCourse },
            },
            {
              title: whyChooseTitle,
              text: 'Clases en vivo, eventos exclusivos y una comunidad activa.',
              link: { label: 'Leer más', href: routes.whyChoose },
            },
          ],
        },
      ],
    },
    {
      id: 'application-types',
      title: 'Tipos de solicitud',
      blocks: [
        { kind: 'paragraph', text: 'Elige el programa según la etapa de tu proyecto. Si tienes dudas, empieza por Office Hours.' },
        {
          kind: 'cards',
          items: [
            { title: 'Office Hours', text: 'Consejos o comentarios sobre tu proyecto, sin compromiso.', link: { label: 'Leer más', href: routes.officeHours } },
            {
              title: 'Small Grants',
              text: `Proyectos en etapa temprana y patrocinio de eventos${facts.smallGrants.maxUsd ? `, hasta ${usd(facts.smallGrants.maxUsd)}` : ''}.`,
              link: { label: 'Leer más', href: routes.smallGrants } },
            {
              title: 'Project Grants',
              text: `Proyectos con objetivos y cronograma claros${facts.projectGrants.maxUsd ? `, hasta ${usd(facts.projectGrants.maxUsd)}` : ''}.`,
              link: { label: 'Leer más', href: routes.projectGrants } },
            { title: 'Academic Grants', text: 'La ronda de becas para investigación académica sobre Ethereum.', link: { label: 'Leer más', href: routes.academicGrants } },
            { title: 'Devcon Grants', text: 'Apoyo para meetups y eventos en Latinoamérica antes de Devcon.', link: { label: 'Leer más', href: routes.devconGrants } },
          ],
        },
      ],
    },
  ],
};

type ProgrammeInput = {
  title: string;
  description: string;
  lead: string;
  apply: LinkCopy;
  descriptionBlocks: SectionCopy['blocks'];
  steps: Array<{ title: string; text: string }>;
  faq: Array<{ question: string; answer: string[] }>;
  /** A programme that pays grants links to the funded projects (/becas-otorgadas/). */
  openBooks?: boolean;
};

/** The three programme pages share one shape: description, process, FAQ, each ending in the call to apply. */
function programmePage(input: ProgrammeInput): SectionedPageCopy {
  return {
    meta: { title: input.title, description: input.description },
    banner: { title: input.title, lead: input.lead },
    sidebarLabel: `Secciones de ${input.title}`,
    sections: [
      { id: 'description', title: 'Descripción', blocks: input.openBooks ? [...input.descriptionBlocks, openBooksBlock] : input.descriptionBlocks },
      { id: 'process', title: 'Proceso', blocks: [{ kind: 'steps', items: input.steps }, { kind: 'action', link: input.apply }] },
      { id: 'faq', title: 'Preguntas frecuentes', blocks: [{ kind: 'faq', items: input.faq }] },
    ],
  };
}

const confirmation = `Recibirás un correo de confirmación en un plazo de ${businessDays(facts.confirmationBusinessDays)}.`;

/** '¿Cuándo tendré respuesta?': the confirmation first, then the decision, with its usual time when configured. */
function whenAnswer(decisionWeeks: number | undefined, confirmationSentence = confirmation): string {
  return sentences(
    confirmationSentence,
    decisionWeeks ? `La decisión suele llegar en unas ${weeks(decisionWeeks)}.` : 'La decisión llega después, cuando termina la evaluación, y te la comunicamos por correo.',
    `Si el correo de confirmación no llega, escríbenos a ${contact.general}.`,
  );
}

export const programmePages = {
  officeHours: programmePage({
    title: 'Office Hours',
    description: 'Reserva una sesión de Office Hours para recibir consejos o comentarios sobre tu proyecto blockchain.',
    lead: 'Una conversación con nuestro equipo para orientarte, darte comentarios sobre tu proyecto o ayudarte a elegir el apoyo adecuado.',
    apply: { label: 'Applica', href: routes.officeHoursApply },
    descriptionBlocks: [
      {
        kind: 'paragraph',
        text: 'Office Hours es la forma más sencilla de hablar con nosotros. No necesitas tener un proyecto avanzado: puedes venir con una idea, una duda técnica o un borrador de propuesta.',
      },
      {
        kind: 'list',
        items: [
          'Consejos: orientación sobre el ecosistema, la comunidad o los siguientes pasos.',
          'Comentarios sobre tu proyecto: revisamos lo que llevas construido y te decimos qué mejorar.',
        ],
      },
    ],
    steps: [
      { title: 'Envía tu solicitud', text: 'Cuéntanos quién eres y qué tipo de sesión necesitas.' },
      { title: 'Te contactamos', text: 'Una persona del equipo revisa tu solicitud y te propone un horario.' },
      {
        title: 'Conversamos',
        text: facts.officeHours.meetingMinutes ? `Una videollamada de ${facts.officeHours.meetingMinutes} minutos con una persona del equipo.` : 'Una videollamada con una persona del equipo.',
      },
    ],
    faq: [
      { question: '¿Office Hours tiene algún costo?', answer: ['No. Las sesiones son gratuitas y no te comprometen a postular a una beca.'] },
      { question: '¿Puedo pedir más de una sesión?', answer: ['Sí. Si tu proyecto avanza y necesitas otra opinión, envía una nueva solicitud.'] },
      {
        question: '¿Cuándo tendré respuesta?',
        answer: [sentences(confirmation, 'Después, una persona del equipo te escribe para proponerte un horario.', `Si el correo de confirmación no llega, escríbenos a ${contact.general}.`)],
      },
    ],
  }),
  smallGrants: programmePage({
    title: 'Small Grants',
    description: `Small Grants: ${facts.smallGrants.maxUsd ? `hasta ${usd(facts.smallGrants.maxUsd)}` : 'apoyo'} para proyectos en etapa temprana y patrocinio de eventos comunitarios en Latinoamérica.`,
    lead: `${facts.smallGrants.maxUsd ? `Hasta ${usd(facts.smallGrants.maxUsd)}` : 'Apoyo'} para proyectos en etapa temprana y patrocinio de eventos de la comunidad.`,
    apply: { label: 'Applica', href: routes.smallGrantsApply },
    openBooks: true,
    descriptionBlocks: [
      {
        kind: 'paragraph',
        text: 'Small Grants financia experimentos, prototipos y eventos que hacen crecer la comunidad de Ethereum en la región. El proceso es más ágil que el de Project Grants.',
      },
      {
        kind: 'list',
        items: [
          'Proyectos de código abierto en etapa temprana.',
          'Herramientas, documentación y contenido educativo en español.',
          'Patrocinio de meetups, hackatones y conferencias comunitarias.',
        ],
      },
    ],
    steps: [
      { title: 'Elige la categoría', text: 'Proyecto o patrocinio de evento: el formulario se adapta a tu caso.' },
      { title: 'Envía tu solicitud', text: 'Describe el problema, tu plan y el monto que necesitas.' },
      { title: 'Evaluación', text: 'El equipo revisa tu propuesta y puede pedirte más información.' },
      { title: 'Decisión', text: 'Te comunicamos el resultado y, si se aprueba, coordinamos el pago.' },
    ],
    faq: [
      {
        question: '¿Un patrocinio de evento es una beca?',
        answer: ['No: los patrocinios de eventos no son becas, pero la solicitud empieza de la misma forma y usa el mismo formulario.'],
      },
      { question: '¿Puedo postular como persona individual?', answer: ['Sí. Puedes postular de forma individual o como equipo; si es un equipo, te pediremos el nombre de la organización.'] },
      { question: '¿Cuándo tendré respuesta?', answer: [whenAnswer(facts.smallGrants.decisionWeeks, 'Recibirás un correo de confirmación en breve.')] },
    ],
  }),
  projectGrants: programmePage({
    title: 'Project Grants',
    description: 'Project Grants: financiamiento para proyectos de código abierto con objetivos claros que benefician al ecosistema Ethereum.',
    lead: 'Financiamiento para proyectos con alcance, objetivos y cronograma claros que benefician a todo el ecosistema Ethereum.',
    apply: { label: 'Applica', href: routes.projectGrantsApply },
    openBooks: true,
    descriptionBlocks: [
      {
        kind: 'paragraph',
        text: 'Project Grants apoya trabajo de mayor alcance: infraestructura, herramientas para desarrolladores, investigación aplicada y proyectos comunitarios que ya tienen un plan definido.',
      },
      {
        kind: 'list',
        items: [
          'El proyecto es un bien público: su valor no queda en manos de una sola empresa.',
          'Preferimos que el código y los resultados se publiquen con licencia abierta; si no es tu caso, el formulario te pide explicar por qué.',
          'Hay hitos verificables y un presupuesto justificado.',
        ],
      },
    ],
    steps: [
      { title: 'Prepara tu propuesta', text: 'Define el problema, los hitos, el cronograma y el monto solicitado.' },
      { title: 'Envía la solicitud', text: 'Completa el formulario y adjunta tu propuesta si ya la tienes escrita.' },
      { title: 'Revisión', text: 'Especialistas del área evalúan el impacto y la viabilidad del proyecto.' },
      { title: 'Acuerdo y seguimiento', text: 'Si se aprueba, firmamos un acuerdo y acompañamos cada hito.' },
    ],
    faq: [
      {
        question: '¿Cuánto puedo solicitar?',
        answer: [
          sentences(
            facts.projectGrants.maxUsd ? `Hasta ${usd(facts.projectGrants.maxUsd)}.` : undefined,
            `${facts.projectGrants.maxUsd ? 'Dentro de ese límite, el' : 'El'} monto debe corresponder al alcance y a los hitos de tu propuesta.`,
          ),
        ],
      },
      { question: '¿Puedo postular si ya recibí otra beca?', answer: ['Sí. Indícalo en el formulario junto con el avance que lograste con ella.'] },
      { question: '¿Cuándo tendré respuesta?', answer: [whenAnswer(facts.projectGrants.decisionWeeks)] },
    ],
  }),
};
