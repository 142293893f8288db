/** Copy of the two grant rounds: /academic-grants and /devcon-grants. */
import { contact, links } from '@/config/site';
import { routes } from './routes';
import type { SectionedPageCopy } from './types';

export const academicGrantsPage: SectionedPageCopy = {
  meta: {
    title: 'Academic Grants Round',
    description: 'Academic Grants Round: becas de hasta USD 750.000 en total para investigación académica sobre Ethereum. Propuestas hasta el 15 de mayo de 2022.',
  },
  banner: {
    title: 'Academic Grants Round',
    lead: 'Una ronda de becas para universidades, centros de investigación e investigadores independientes que estudian Ethereum.',
    note: {
      text: 'The Ethereum Foundation is sponsoring a wave of academic grants to support Ethereum-related research, with up to $750,000 in total. Proposals are due May 15, 2022.',
      lang: 'en',
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
          text: 'Esta ronda busca acercar la investigación académica al ecosistema Ethereum. Financiamos trabajos cuyos resultados se publiquen y puedan aprovecharse por toda la comunidad.',
        },
        {
          kind: 'stats',
          items: [
            { value: 'USD 750.000', label: 'en total para la ronda' },
            { value: '15 de mayo de 2022', label: 'fecha límite de propuestas' },
          ],
        },
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
            { title: 'Completa el formulario', text: 'Envía tu propuesta antes de la fecha límite desde la sección de solicitud.' },
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
          text: 'Recibimos propuestas hasta el 15 de mayo de 2022. Las solicitudes que lleguen después de esa fecha se considerarán en rondas futuras.',
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
            'Los resultados deben publicarse de forma abierta.',
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
          items: [
            'Relevancia para Ethereum y su comunidad.',
            'Rigor y originalidad de la investigación.',
            'Capacidad del equipo para llevarla a cabo.',
            'Relación entre el presupuesto y el alcance.',
          ],
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
            'Valor extraído por los mineros (MEV).',
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
          text: `Recibirás un correo de confirmación en un plazo de 2 días hábiles. Si tu propuesta avanza, te contactaremos para acordar hitos y condiciones. Para cualquier duda escribe a ${contact.academicGrants}.`,
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
            { question: '¿En qué idioma envío la propuesta?', answer: ['El formulario está en inglés; puedes redactar tus respuestas en inglés o en español.'] },
          ],
        },
      ],
    },
    {
      id: 'apply',
      title: 'Solicitud',
      blocks: [
        { kind: 'paragraph', text: 'Cuando tengas lista tu propuesta, completa el formulario de la ronda.' },
        { kind: 'action', link: { label: 'Applica', href: routes.academicGrantsApply } },
      ],
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
          text: 'Devcon es la conferencia de desarrolladores de Ethereum. Antes de cada edición apoyamos a quienes organizan encuentros en la región para que más personas lleguen preparadas y conectadas.',
        },
        { kind: 'action', link: { label: 'Sitio de Devcon', href: links.devconSite, external: true } },
      ],
    },
    {
      id: 'who',
      title: '¿A quién apoyamos?',
      blocks: [
        {
          kind: 'list',
          items: ['Comunidades locales de Ethereum.', 'Universidades y clubes de estudiantes.', 'Organizadores de hackathones, talleres y series de charlas.'],
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
            'El evento ocurre antes de Devcon.',
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
            { title: 'Detalla el presupuesto', text: 'Qué cubriría el apoyo y qué otros patrocinadores tienes.' },
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
          items: ['Impacto en la comunidad local.', 'Calidad y diversidad del programa.', 'Experiencia del equipo organizador.', 'Presupuesto realista.'],
        },
      ],
    },
    {
      id: 'next-steps-and-support',
      title: 'Próximos pasos y apoyo',
      blocks: [
        {
          kind: 'paragraph',
          text: `Recibirás un correo de confirmación en un plazo de 2 días hábiles. Si tienes preguntas, escribe a ${contact.devconGrants}.`,
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
            { question: '¿Qué tipo de apoyo ofrecen además de dinero?', answer: ['Difusión, contactos con ponentes y material para tu evento.'] },
            { question: '¿Puedo postular un evento en línea?', answer: ['Sí, siempre que esté dirigido a público de Latinoamérica.'] },
            { question: '¿Con cuánta anticipación debo postular?', answer: ['Te recomendamos postular al menos seis semanas antes de la fecha del evento.'] },
          ],
        },
      ],
    },
    {
      id: 'apply',
      title: 'Solicitud',
      blocks: [
        { kind: 'paragraph', text: 'Completa el formulario con los datos de tu evento.' },
        { kind: 'action', link: { label: 'Applica', href: routes.devconGrantsApply } },
      ],
    },
  ],
};
