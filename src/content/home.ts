/** Copy of the home page. */
import { facts } from '@/config/programmes';
import { site } from '@/config/site';
import { usd } from '../lib/figures';
import { beginnerCard, benefits, consultantCard, whyChooseTitle } from './courses';
import { routes } from '../config/routes';
import type { CourseCardCopy, ImageCopy, LinkCopy, PageMetaCopy, ProgrammeCardCopy } from './types';

export type HomePageCopy = {
  meta: PageMetaCopy;
  hero: { title: string; lead: string; cta: LinkCopy; image: ImageCopy };
  courses: { title: string; lead: string; items: CourseCardCopy[] };
  programmes: { title: string; lead: string; items: ProgrammeCardCopy[] };
  whyChoose: { title: string; benefits: string[]; cta: LinkCopy };
};

export const homePage: HomePageCopy = {
  meta: {
    title: 'Aprende blockchain en vivo',
    description: `Cursos de blockchain en vivo y becas para proyectos del ecosistema Ethereum en Latinoamérica, con ${site.brand}.`,
  },
  hero: {
    title: 'Aprende todo sobre blockchain en vivo',
    lead: 'Clases en vivo con instructores del ecosistema, una comunidad activa y becas para construir en Ethereum desde Latinoamérica.',
    cta: { label: 'Ver cursos', href: routes.applicants },
    image: {
      src: '/images/hero-home.svg',
      alt: 'Ilustración: bloques de colores unidos en una cadena',
      width: 600,
      height: 480,
    },
  },
  courses: {
    title: 'Cursos en vivo',
    lead: 'Empieza desde cero o especialízate: todos los cursos se imparten en vivo y en español.',
    items: [consultantCard, beginnerCard],
  },
  programmes: {
    title: 'Programas y becas',
    lead: 'Además de los cursos, apoyamos a quienes construyen en Ethereum con asesoría, becas y financiamiento.',
    items: [
      {
        title: 'Cursos',
        text: 'Formación en vivo para todos los niveles, desde los fundamentos hasta la consultoría.',
        link: { label: 'Aprende más', href: routes.applicants },
      },
      {
        title: 'Becas',
        text: 'Apoyo para estudiantes, investigadores y equipos que hacen crecer el ecosistema en la región.',
        link: { label: '¿Quieres una beca?', href: routes.about },
      },
      {
        title: 'Office Hours',
        text: 'Una conversación con nuestro equipo para recibir consejos o comentarios sobre tu proyecto.',
        link: { label: 'Applica', href: routes.officeHoursApply },
      },
      {
        title: 'Small Grants',
        text: `${facts.smallGrants.maxUsd ? `Hasta ${usd(facts.smallGrants.maxUsd)} para` : 'Apoyo para'} proyectos en etapa temprana y patrocinio de eventos comunitarios.`,
        link: { label: 'Leer más', href: routes.smallGrants },
      },
      {
        title: 'Project Grants',
        text: 'Financiamiento para proyectos con alcance y objetivos claros que benefician a todo el ecosistema.',
        link: { label: 'Leer más', href: routes.projectGrants },
      },
      {
        title: 'Academic Grants',
        text: 'Una ronda de becas para investigación académica sobre Ethereum en universidades y centros de investigación.',
        link: { label: 'Leer más', href: routes.academicGrants },
      },
      {
        title: 'Devcon Grants',
        text: 'Apoyo económico y de otro tipo para meetups y eventos en Latinoamérica antes de la conferencia.',
        link: { label: 'Leer más', href: routes.devconGrants },
      },
    ],
  },
  whyChoose: {
    title: whyChooseTitle,
    benefits,
    cta: { label: 'Aprende más', href: routes.whyChoose },
  },
};
