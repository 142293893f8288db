/**
 * Every content route the copy links to, with the trailing slash the export serves. The course
 * routes are this site's choice (the spec leaves them open); docs/architecture.md lists them ("Course routes").
 */
export const routes = {
  home: '/',
  about: '/about/',
  whoWeSupport: '/about/who-we-support/',
  howWeSupport: '/about/how-we-support/',
  applicants: '/applicants/',
  officeHours: '/applicants/office-hours/',
  officeHoursApply: '/applicants/office-hours/apply/',
  smallGrants: '/applicants/small-grants/',
  smallGrantsApply: '/applicants/small-grants/apply/',
  projectGrants: '/applicants/project-grants/',
  projectGrantsApply: '/applicants/project-grants/apply/',
  academicGrants: '/academic-grants/',
  academicGrantsApply: '/academic-grants/apply/',
  devconGrants: '/devcon-grants/',
  devconGrantsApply: '/devcon-grants/apply/',
  whyChoose: '/por-que-elegirnos/',
  whyChooseEvents: '/por-que-elegirnos/eventos/',
  whyChooseCommunity: '/por-que-elegirnos/comunidad/',
  beginnerCourse: '/cursos/desde-cero/',
  consultantCourse: '/cursos/blockchain-consultant/',
  consultantBitcoin: '/cursos/blockchain-consultant/bitcoin/',
  consultantEthereum: '/cursos/blockchain-consultant/ethereum/',
  consultantNfts: '/cursos/blockchain-consultant/nfts-y-metaversos/',
  consultantEnrolment: '/cursos/blockchain-consultant/inscripcion/',
  /** The funded projects, published with each grantee's consent (issue 51). */
  openBooks: '/becas-otorgadas/',
} as const;

/** Each programme's public apply page: where "Volver a solicitar" opens the form prefilled (`?desde=<reference>`). */
export const applyRoutes = {
  'project-grants': routes.projectGrantsApply,
  'small-grants': routes.smallGrantsApply,
  'academic-grants': routes.academicGrantsApply,
  'devcon-grants': routes.devconGrantsApply,
  'office-hours': routes.officeHoursApply,
} as const;

/** The apply page's query parameter, and the form endpoint's, that names the earlier application a new one starts from. */
export const REAPPLY_PARAM = 'desde';
