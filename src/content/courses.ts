/**
 * Copy of the course pages: the why-choose pages (three route tabs), the beginner course and the
 * 'Blockchain Consultant' course (four route tabs and the enrolment page).
 */
import { facts } from '@/config/programmes';
import { links, site } from '@/config/site';
import { weeks } from '../lib/figures';
import { routes } from '../config/routes';
import type { Block, CourseCardCopy, ContentTabCopy, ImageCopy, LinkCopy, PageMetaCopy, SectionCopy } from './types';

const { consultantWeeks, beginnerWeeks, scholarshipsUrl } = facts.courses;

/** The call to ask for a course scholarship, only where one can be requested (spec's '¿Quieres una beca?'). */
const scholarshipLink: LinkCopy | undefined = scholarshipsUrl ? { label: '¿Quieres una beca?', href: scholarshipsUrl, external: /^https?:/.test(scholarshipsUrl) } : undefined;

/** The three benefits the why-choose page lists, shown on the home page and the why-choose pages. */
export const benefits: string[] = [
  'Clases en vivo y actualizadas, impartidas por instructores que trabajan en el ecosistema blockchain.',
  'Eventos exclusivos: webinars, entrevistas y sesiones de preguntas con invitados de la industria.',
  'Acceso a una comunidad activa de estudiantes, desarrolladores y emprendedores de toda Latinoamérica.',
];

export const whyChooseTitle = `¿Por qué elegir ${site.brand}?`;

const whyChooseImage: ImageCopy = {
  src: '/images/why-choose.svg',
  alt: 'Ilustración: tres bloques conectados que representan clases, eventos y comunidad',
  width: 560,
  height: 420,
};

export type WhyChoosePageCopy = {
  meta: PageMetaCopy;
  hero: { title: string; lead: string; image: ImageCopy; benefits: string[] };
  sections: SectionCopy[];
  cta: LinkCopy;
};

function whyChoosePage(meta: PageMetaCopy, sections: SectionCopy[]): WhyChoosePageCopy {
  return {
    meta,
    hero: {
      title: whyChooseTitle,
      lead: 'Aprendes en vivo, con quienes construyen el ecosistema y junto a tu cohorte.',
      image: whyChooseImage,
      benefits,
    },
    sections,
    cta: { label: 'Aprende más', href: routes.applicants },
  };
}

export const whyChoosePages = {
  liveClasses: whyChoosePage(
    {
      title: 'Clases en vivo',
      description: `Por qué estudiar blockchain en ${site.brand}: clases en vivo y actualizadas con instructores del ecosistema.`,
    },
    [
      {
        id: 'clases-en-vivo',
        title: 'Clases en vivo, no videos de hace años',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Blockchain cambia cada mes: nuevas redes de capa 2, mejoras del protocolo, regulaciones que aparecen y desaparecen. Por eso cada clase se imparte en vivo y su material se revisa antes de cada cohorte.',
          },
          {
            kind: 'list',
            items: [
              'Instructores que trabajan en proyectos, auditorías y consultorías del ecosistema.',
              'Preguntas en tiempo real y ejercicios guiados durante la clase.',
              'Grabaciones disponibles para repasar cuando lo necesites.',
            ],
          },
        ],
      },
    ],
  ),
  events: whyChoosePage(
    {
      title: 'Eventos exclusivos',
      description: `Webinars, entrevistas y sesiones abiertas para la comunidad de ${site.brand}.`,
    },
    [
      {
        id: 'eventos-exclusivos',
        title: 'Eventos para aprender de quienes construyen',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Además de las clases, organizamos webinars y entrevistas con fundadores, investigadores y equipos que lanzan productos en Ethereum y otras redes.',
          },
          {
            kind: 'list',
            items: [
              'Webinars sobre temas de actualidad del ecosistema.',
              'Entrevistas con invitados de la industria y espacio para tus preguntas.',
              'Información sobre meetups y hackatones de la región.',
            ],
          },
        ],
      },
    ],
  ),
  community: whyChoosePage(
    {
      title: 'Comunidad activa',
      description: `La comunidad de estudiantes, desarrolladores y emprendedores de ${site.brand} en Latinoamérica.`,
    },
    [
      {
        id: 'comunidad-activa',
        title: 'Una comunidad que sigue después del curso',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Al inscribirte entras a una comunidad en español donde se comparten ofertas de trabajo, proyectos abiertos y dudas del día a día, y donde se forman grupos de estudio entre compañeros de cohorte.',
          },
        ],
      },
    ],
  ),
};

/* ---------- Beginner course ---------- */

export type BeginnerCoursePageCopy = {
  meta: PageMetaCopy;
  hero: { title: string; lead: string; image: ImageCopy };
  syllabusTitle: string;
  syllabusLabel: string;
  syllabus: ContentTabCopy[];
  sections: SectionCopy[];
};

export const beginnerCoursePage: BeginnerCoursePageCopy = {
  meta: {
    title: 'Blockchain desde cero',
    description: 'Curso en vivo para aprender desde cero los conceptos fundamentales de blockchain: Bitcoin, Ethereum, NFTs y metaversos.',
  },
  hero: {
    title: 'Aprende desde cero todos los conceptos fundamentales de blockchain',
    lead: `Sin conocimientos previos: en ${weeks(beginnerWeeks)} entenderás cómo funcionan Bitcoin, Ethereum y los NFTs, y sabrás usarlos con seguridad.`,
    image: {
      src: '/images/course-beginner.svg',
      alt: 'Ilustración: una cadena de bloques que empieza con un único bloque',
      width: 560,
      height: 420,
    },
  },
  syllabusTitle: 'Temario',
  syllabusLabel: 'Módulos del curso',
  syllabus: [
    {
      id: 'temario-resumen',
      label: 'Resumen',
      title: `Un recorrido completo en ${weeks(beginnerWeeks)}`,
      blocks: [
        {
          kind: 'paragraph',
          text: 'Cada semana combina clases en vivo, un ejercicio práctico y una sesión de preguntas. Al final tendrás tu propia billetera configurada y sabrás leer lo que pasa en una cadena de bloques.',
        },
        { kind: 'list', items: [`Duración ${beginnerWeeks} semanas`, 'Clases en vivo con grabación'] },
      ],
    },
    {
      id: 'temario-bitcoin',
      label: 'Bitcoin',
      title: 'Bitcoin: dinero digital sin intermediarios',
      blocks: [
        {
          kind: 'list',
          items: [
            'Qué problema resuelve Bitcoin y por qué importa la escasez digital.',
            'Bloques, minería y prueba de trabajo explicados sin fórmulas.',
            'Billeteras, claves privadas y cómo no perder tus fondos.',
          ],
        },
      ],
    },
    {
      id: 'temario-ethereum',
      label: 'Ethereum',
      title: 'Ethereum: una computadora global',
      blocks: [
        {
          kind: 'list',
          items: [
            'Contratos inteligentes y aplicaciones descentralizadas.',
            'Gas, comisiones y redes de capa 2.',
            'Prueba de participación y el papel de los validadores.',
          ],
        },
      ],
    },
    {
      id: 'temario-nfts',
      label: 'NFTs y Metaversos',
      title: 'NFTs y metaversos: propiedad digital',
      blocks: [
        {
          kind: 'list',
          items: [
            'Qué es un token no fungible y qué derechos da realmente.',
            'Mercados, regalías y casos de uso más allá del arte.',
            'Mundos virtuales, identidad digital y sus riesgos.',
          ],
        },
      ],
    },
  ],
  sections: [
    {
      id: 'para-quien',
      title: '¿Para quién es este curso?',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Para cualquier persona curiosa: estudiantes, profesionales de otras áreas y emprendedores que quieren entender blockchain antes de invertir tiempo o dinero en él.',
        },
        { kind: 'action', link: { label: 'Inscríbete en Academy', href: links.academy, external: true } },
        ...(scholarshipLink ? [{ kind: 'action' as const, link: scholarshipLink }] : []),
      ],
    },
  ],
};

/* ---------- 'Blockchain Consultant' ---------- */

export const consultantCard: CourseCardCopy = {
  title: 'Blockchain Consultant',
  summary: 'Aprende a evaluar, diseñar y acompañar proyectos blockchain en empresas y organizaciones, con casos reales de Bitcoin, Ethereum y NFTs.',
  badges: ['Certificación', 'En vivo', '5 / 5 estrellas'],
  duration: `Duración ${consultantWeeks} semanas`,
  link: { label: 'Aprende más', href: routes.consultantCourse },
  image: {
    src: '/images/course-consultant.svg',
    alt: 'Ilustración: bloques enlazados sobre un gráfico de crecimiento',
    width: 560,
    height: 420,
  },
};

export const beginnerCard: CourseCardCopy = {
  title: 'Blockchain desde cero',
  summary: 'El punto de partida: los conceptos fundamentales de blockchain explicados sin tecnicismos, en clases en vivo.',
  badges: ['En vivo', 'Nivel inicial'],
  duration: `Duración ${beginnerWeeks} semanas`,
  link: { label: 'Aprende más', href: routes.beginnerCourse },
  image: {
    src: '/images/course-beginner.svg',
    alt: 'Ilustración: una cadena de bloques que empieza con un único bloque',
    width: 560,
    height: 420,
  },
};

export type ConsultantPageCopy = {
  meta: PageMetaCopy;
  course: CourseCardCopy;
  lead: string;
  /** The enrolment page's own banner title: the course layout hides the course hero there. */
  bannerTitle: string;
  sections: SectionCopy[];
  enrol: LinkCopy;
};

const enrolLink: LinkCopy = { label: 'Inscríbete', href: routes.consultantEnrolment };

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function consultantPage(meta: PageMetaCopy, sections: SectionCopy[], bannerTitle = consultantCard.title): ConsultantPageCopy {
  return {
    meta,
    course: consultantCard,
    lead: `${capitalised(weeks(consultantWeeks))} en vivo para convertirte en la persona a quien consultan las organizaciones antes de adoptar blockchain.`,
    bannerTitle,
    sections,
    enrol: enrolLink,
  };
}

type ConsultantModule = {
  /** As the module is called: "Módulo {name}", "{name} · Blockchain Consultant". */
  name: string;
  /** Its section ids: modulo-{slug} and modulo-{slug}-resultado. */
  slug: string;
  /** What the module covers, for the page's description. */
  covers: string;
  intro: string;
  topics: string[];
  outcome: string;
};

/** A module's page of the consultant course: what it teaches, then what you can do after it and the enrolment link. */
function consultantModule({ name, slug, covers, intro, topics, outcome }: ConsultantModule): ConsultantPageCopy {
  const id = `modulo-${slug}`;
  return consultantPage({ title: `${name} · Blockchain Consultant`, description: `Módulo ${name} del curso Blockchain Consultant: ${covers}.` }, [
    { id, title: `Módulo ${name}`, blocks: [{ kind: 'paragraph', text: intro }, { kind: 'list', items: topics }] },
    { id: `${id}-resultado`, title: 'Al terminar el módulo', blocks: [{ kind: 'paragraph', text: outcome }, { kind: 'action', link: enrolLink }] },
  ]);
}

export const consultantPages = {
  overview: consultantPage(
    {
      title: 'Blockchain Consultant',
      description: `Curso en vivo Blockchain Consultant: ${weeks(consultantWeeks)}, certificación y casos reales de Bitcoin, Ethereum y NFTs.`,
    },
    [
      {
        id: 'que-aprenderas',
        title: 'Qué aprenderás',
        blocks: [
          {
            kind: 'paragraph',
            text: 'El curso recorre las tres grandes familias de proyectos blockchain y las preguntas que debe hacer quien hace consultoría antes de recomendar cualquiera de ellas.',
          },
          {
            kind: 'list',
            items: [
              'Distinguir cuándo blockchain aporta valor y cuándo basta una base de datos.',
              'Evaluar redes, custodios y proveedores con criterios técnicos y regulatorios.',
              'Preparar una propuesta de adopción con costos, riesgos y cronograma.',
            ],
          },
        ],
      },
      {
        id: 'metodologia',
        title: 'Cómo funciona el curso',
        blocks: [
          {
            kind: 'steps',
            items: [
              { title: 'Clases en vivo', text: 'Sesiones con instructores del ecosistema, grabadas para repasar.' },
              { title: 'Caso práctico', text: 'Cada módulo termina con un caso real que resuelves en equipo.' },
              { title: 'Certificación', text: 'Presentas tu propuesta final y recibes el certificado del curso.' },
            ],
          },
          { kind: 'action', link: enrolLink },
        ],
      },
    ],
  ),
  bitcoin: consultantModule({
    name: 'Bitcoin',
    slug: 'bitcoin',
    covers: 'custodia, tesorería y pagos con Bitcoin',
    intro: 'Bitcoin es la puerta de entrada de la mayoría de las organizaciones. Este módulo cubre lo que necesitas para asesorarlas con seguridad.',
    topics: ['Cómo funciona la red y qué garantiza realmente.', 'Custodia propia frente a custodios: ventajas y riesgos.', 'Bitcoin en la tesorería de una empresa y pagos con Lightning.'],
    outcome: 'Podrás explicar a una organización si le conviene aceptar o mantener Bitcoin, y cómo hacerlo sin exponer sus fondos.',
  }),
  ethereum: consultantModule({
    name: 'Ethereum',
    slug: 'ethereum',
    covers: 'contratos inteligentes, capa 2 y finanzas descentralizadas',
    intro: 'Ethereum es la plataforma donde se construye la mayor parte de las aplicaciones descentralizadas. Aquí aprendes a evaluarlas.',
    topics: ['Contratos inteligentes: qué pueden hacer y cómo se auditan.', 'Redes de capa 2 y cómo elegir entre ellas.', 'Finanzas descentralizadas: oportunidades y riesgos para una empresa.'],
    outcome: 'Podrás recomendar una arquitectura sobre Ethereum y estimar sus costos de operación.',
  }),
  nfts: consultantModule({
    name: 'NFTs y Metaversos',
    slug: 'nfts',
    covers: 'propiedad digital, marcas y comunidades',
    intro: 'Los NFTs pasaron del arte digital a entradas, certificados y programas de fidelidad. Este módulo separa los casos sólidos de la moda.',
    topics: ['Estándares de tokens y qué derechos otorgan.', 'Casos de uso para marcas, eventos e instituciones educativas.', 'Metaversos: identidad digital, comunidades y riesgos legales.'],
    outcome: 'Podrás diseñar una colección o un programa basado en NFTs con objetivos medibles.',
  }),
  enrolment: consultantPage(
    {
      title: 'Inscripción · Blockchain Consultant',
      description: `Inscríbete en el curso en vivo Blockchain Consultant${scholarshipLink ? ' o postula a una beca para el curso' : ''}.`,
    },
    [
      {
        id: 'que-incluye',
        title: 'Qué incluye la inscripción',
        blocks: [
          {
            kind: 'list',
            items: [
              `Clases en vivo durante ${weeks(consultantWeeks)}, con grabación.`,
              'Material descargable y casos prácticos de cada módulo.',
              'Certificación al aprobar la propuesta final.',
              'Acceso a la comunidad y a los eventos exclusivos.',
            ],
          },
        ],
      },
      {
        id: 'como-inscribirte',
        title: 'Cómo inscribirte',
        blocks: [
          {
            kind: 'steps',
            items: [
              { title: 'Elige tu cohorte', text: 'Consulta las fechas disponibles en el sitio de Academy.' },
              { title: 'Completa el pago', text: 'El pago se hace en el sitio de Academy, con los medios que allí se indican.' },
              { title: 'Recibe tu acceso', text: 'Te enviamos por correo el enlace a las clases y a la comunidad.' },
            ],
          },
          { kind: 'action', link: { label: 'Inscríbete en Academy', href: links.academy, external: true } },
        ],
      },
      ...(scholarshipLink ? [scholarshipSection(scholarshipLink)] : []),
    ],
    'Inscripción: Blockchain Consultant',
  ),
};

/** Only when course scholarships exist: where to ask for one. */
function scholarshipSection(link: LinkCopy): SectionCopy {
  const blocks: Block[] = [
    { kind: 'paragraph', text: 'Hay becas para el curso destinadas a estudiantes de Latinoamérica. Revisa las condiciones y postula desde el enlace.' },
    { kind: 'action', link },
  ];
  return { id: 'becas', title: '¿No puedes pagar el curso?', blocks };
}
