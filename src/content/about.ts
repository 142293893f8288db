/** Copy of the Becas pages: /about, /about/who-we-support and /about/how-we-support. */
import { facts, foundation, programmes, roundState } from '@/config/programmes';
import { site } from '@/config/site';
import { pluralWord } from '@/lib/plural';
import { businessDays, usd } from '../lib/figures';
import { routes } from '../config/routes';
import type { BannerCopy, LinkCopy, PageMetaCopy, SectionCopy } from './types';

export type AboutPageCopy = {
  meta: PageMetaCopy;
  banner: BannerCopy;
  /** Gradient behind the page body (a --gradient-* variable of theme/site.css, camelCased). */
  tint: 'stats' | 'whoWeSupport' | 'howWeSupport';
  sections: SectionCopy[];
  cta: LinkCopy;
};

const applyCta: LinkCopy = { label: 'Aprende más', href: routes.applicants };

/** Programmes taking applications when the site is built: the three without a round, and each round that is open. */
const openProgrammes = 3 + [facts.academicGrants.round, facts.devconGrants.round].filter((dates) => roundState(dates, new Date()) === 'open').length;

const statItems: Array<{ value: string; label: string }> = [
  { value: String(openProgrammes), label: pluralWord(openProgrammes, { one: 'programa de apoyo abierto', other: 'programas de apoyo abiertos' }) },
  ...(facts.academicGrants.totalUsd ? [{ value: usd(facts.academicGrants.totalUsd), label: 'en la ronda Academic Grants' }] : []),
  { value: businessDays(facts.confirmationBusinessDays), label: 'para confirmar que recibimos tu solicitud' },
];

/** The one place the site says how the academy and the foundation relate (from src/config/programmes.ts). */
function fundingText(): string {
  const names = foundation.sponsors.map((key) => programmes[key].name);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} y ${names.at(-1)}` : names[0];
  const organises = `${site.brand} organiza estos programas: publica las convocatorias, recibe las solicitudes y las revisa con su equipo.`;
  if (!list) return organises;
  return `${organises} ${names.length > 1 ? `Los programas ${list} los patrocina` : `El programa ${list} lo patrocina`} la ${foundation.name}, que aporta los fondos de esas becas; cuando un formulario en inglés menciona a «the Foundation», se refiere a ella.`;
}

function aboutPage(page: Omit<AboutPageCopy, 'cta'>): AboutPageCopy {
  return { ...page, cta: applyCta };
}

export const aboutPages = {
  grants: aboutPage({
    meta: { title: 'Becas', description: `Las becas de ${site.brand}: apoyo para investigar y construir en el ecosistema Ethereum desde Latinoamérica.` },
    banner: {
      title: 'Becas para investigar y construir',
      lead: 'Apoyamos a estudiantes, investigadores y equipos de Latinoamérica que hacen crecer el ecosistema Ethereum.',
    },
    tint: 'stats',
    sections: [
      {
        id: 'nuestras-becas',
        title: 'Nuestras becas',
        blocks: [
          {
            kind: 'paragraph',
            text: `Una beca puede cubrir ${facts.courses.scholarshipsUrl ? 'un curso, ' : ''}una investigación, un prototipo o un evento. Lo que todas tienen en común es que su resultado beneficia a más personas que a quien la recibe.`,
          },
          {
            kind: 'stats',
            items: statItems,
          },
        ],
      },
      {
        id: 'quien-financia',
        title: 'Quién financia las becas',
        blocks: [{ kind: 'paragraph', text: fundingText() }],
      },
      {
        id: 'programas',
        title: 'Programas',
        blocks: [
          {
            kind: 'cards',
            items: [
              { title: 'Office Hours', text: 'Consejos y comentarios sobre tu proyecto.', link: { label: 'Applica', href: routes.officeHoursApply } },
              { title: 'Small Grants', text: 'Proyectos en etapa temprana y eventos.', link: { label: 'Leer más', href: routes.smallGrants } },
              { title: 'Project Grants', text: 'Proyectos con alcance y objetivos claros.', link: { label: 'Leer más', href: routes.projectGrants } },
              { title: 'Academic Grants', text: 'Investigación académica sobre Ethereum.', link: { label: 'Leer más', href: routes.academicGrants } },
              { title: 'Devcon Grants', text: 'Meetups y eventos antes de Devcon.', link: { label: 'Leer más', href: routes.devconGrants } },
            ],
          },
        ],
      },
    ],
  }),
  whoWeSupport: aboutPage({
    meta: { title: '¿A quién apoyamos?', description: 'Quiénes pueden recibir una beca: estudiantes, desarrolladores, investigadores y comunidades de Latinoamérica.' },
    banner: {
      title: '¿A quién apoyamos?',
      lead: 'No importa si eres una persona, un equipo o una universidad: importa lo que tu trabajo aporta al ecosistema.',
    },
    tint: 'whoWeSupport',
    sections: [
      {
        id: 'perfiles',
        title: 'Perfiles que apoyamos',
        blocks: [
          {
            kind: 'cards',
            items: [
              facts.courses.scholarshipsUrl
                ? { title: 'Estudiantes', text: 'Personas que quieren formarse en blockchain y no pueden costear un curso.' }
                : { title: 'Estudiantes', text: 'Estudiantes que investigan Ethereum o crean contenido educativo en español.' },
              { title: 'Desarrolladores', text: 'Quienes construyen herramientas, bibliotecas y aplicaciones de código abierto.' },
              { title: 'Investigadores', text: 'Académicos e investigadores independientes que estudian Ethereum.' },
              { title: 'Comunidades', text: 'Organizadores de meetups, hackatones y contenido educativo en español.' },
            ],
          },
        ],
      },
      {
        id: 'que-buscamos',
        title: 'Qué buscamos',
        blocks: [
          {
            kind: 'list',
            items: [
              'Bienes públicos: trabajo abierto que cualquiera puede usar y mejorar.',
              'Impacto en Latinoamérica y en la comunidad hispanohablante.',
              'Equipos comprometidos con objetivos realistas.',
            ],
          },
        ],
      },
    ],
  }),
  howWeSupport: aboutPage({
    meta: { title: 'Cómo apoyamos', description: 'Cómo apoyamos a los proyectos: formación, asesoría, financiamiento y conexiones con el ecosistema.' },
    banner: {
      title: 'Cómo apoyamos',
      lead: 'Acompañamos cada proyecto con el tipo de apoyo que necesita en su etapa actual.',
    },
    tint: 'howWeSupport',
    sections: [
      {
        id: 'formas-de-apoyo',
        title: 'Formas de apoyo',
        blocks: [
          {
            kind: 'steps',
            items: [
              { title: 'Formación', text: 'Cursos en vivo para ti o tu equipo.' },
              { title: 'Asesoría', text: 'Office Hours con nuestro equipo para orientarte.' },
              { title: 'Financiamiento', text: 'Becas para proyectos, investigación y eventos.' },
            ],
          },
        ],
      },
      {
        id: 'despues-de-la-beca',
        title: 'Después de la beca',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Acordamos hitos con cada proyecto y damos seguimiento a cada uno hasta el final de la beca.',
          },
        ],
      },
    ],
  }),
};
