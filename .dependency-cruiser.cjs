/**
 * The house's layers, checked by `npm run lint`. A page may reach down through the
 * shells and features to the shared data and helpers, never the other way; the server
 * shares only the form definitions and options, config, lib and the endpoint list with
 * the browser; storage stores and reads and calls up into no feature.
 */

/** Browser-only modules: rendering, the field kit, the team's and the applicant's screens and the fetch clients. */
const BROWSER = [
  '^src/pages/',
  '^src/layouts/',
  '^src/components/',
  '^src/team/',
  '^src/applicant/',
  '^src/forms/kit/',
  '^src/forms/[^/]+[.]tsx$',
  '^src/theme/',
  '^src/api/client[.]ts$',
  '^src/api/applicant[.]ts$',
  '^src/api/json[.]ts$',
  '^src/light/',
];

/** The lowest layer: data and helpers both the pages and (partly) the server may read. */
const SHARED = [
  '^src/forms/definitions/',
  '^src/forms/options/',
  '^src/config/',
  '^src/content/',
  '^src/lib/',
  '^src/api/',
  '^src/theme/',
  '^src/types/',
];

/** What the server may import besides itself: the modules it shares with the browser. */
const SERVER_READS = ['^src/server/', '^src/forms/definitions/', '^src/forms/options/', '^src/config/', '^src/lib/', '^src/api/endpoints[.]ts$', '^src/api/contracts/'];

/** Server features: what the storage layer must never call. */
const SERVER_FEATURES =
  '^src/server/(?!storage/|config[.]ts$|metrics[.]ts$|pollingLoop[.]ts$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle hides which module is the lower one; move the shared piece down.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'browser-not-into-server',
      severity: 'error',
      comment: 'Nothing outside src/server imports the server: share the piece through src/lib or src/forms/definitions.',
      from: { path: '^src/', pathNot: '^src/server/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-only-shared-modules',
      severity: 'error',
      comment: 'The server reads only the form definitions and options, config, lib and the endpoint list.',
      from: { path: '^src/server/' },
      to: { path: '^src/', pathNot: SERVER_READS },
    },
    {
      name: 'server-not-into-browser',
      severity: 'error',
      comment: 'The server imports no browser module (components, layouts, pages, team, field kit, theme, fetch client).',
      from: { path: '^src/server/' },
      to: { path: BROWSER },
    },
    {
      name: 'storage-not-into-features',
      severity: 'error',
      comment: 'Storage only stores and reads; a feature calls storage, never the other way.',
      from: { path: '^src/server/storage/' },
      to: { path: SERVER_FEATURES },
    },
    {
      name: 'browser-types-only-from-contracts',
      severity: 'error',
      comment: 'The browser takes route types from src/api/contracts with `import type`: the schemas themselves are the server\'s to run.',
      from: { path: BROWSER },
      to: { path: '^src/api/contracts/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'light-reads-only-lib-and-content',
      severity: 'error',
      comment:
        "src/light is the content pages' own script, bundled on its own (scripts/light-scripts.ts): it imports src/lib, src/content's pure modules and itself, never React, Next, components, forms, team, applicant or server.",
      from: { path: '^src/light/' },
      to: { path: '^src/', pathNot: ['^src/light/', '^src/lib/', '^src/content/'] },
    },
    {
      name: 'light-without-framework',
      severity: 'error',
      comment: 'The content pages ship no framework runtime: src/light never imports React, Next or the design system (15 kB gzip of script is the budget).',
      from: { path: '^src/light/' },
      to: { path: '^node_modules/(react|react-dom|next|@chakra-ui|@emotion|react-toastify)/' },
    },
    {
      name: 'only-light-and-scripts-into-light',
      severity: 'error',
      comment: 'Pages load src/light as bundled scripts (out/_light/), never by import: nothing else in src imports it.',
      from: { path: '^src/', pathNot: '^src/light/' },
      to: { path: '^src/light/' },
    },
    {
      name: 'nothing-into-pages',
      severity: 'error',
      comment: 'Pages are the top layer; share the piece from a component or src/lib instead.',
      from: { path: '^src/', pathNot: '^src/pages/' },
      to: { path: '^src/pages/' },
    },
    {
      name: 'only-pages-into-layouts',
      severity: 'error',
      comment: 'Layouts sit just below the pages: only a page or another layout imports one. A helper a component needs moves down to src/lib.',
      from: { path: '^src/', pathNot: ['^src/pages/', '^src/layouts/'] },
      to: { path: '^src/layouts/' },
    },
    {
      name: 'shared-not-into-features',
      severity: 'error',
      comment: 'Definitions, options, config, content, lib, api and theme sit below the layouts, components, forms and team screens.',
      from: { path: SHARED },
      to: {
        path: [
          '^src/layouts/',
          '^src/components/',
          '^src/team/',
          '^src/applicant/',
          '^src/forms/kit/',
          '^src/forms/[^/]+[.]tsx$',
        ],
      },
    },
    {
      name: 'config-not-into-content',
      severity: 'error',
      comment: 'Config sits below the content that quotes it, so the two are never in a circle.',
      from: { path: '^src/config/' },
      to: { path: '^src/content/' },
    },
    {
      name: 'scripts-not-into-tests',
      severity: 'error',
      comment: 'Operator scripts must run without the test tree; shared fixtures live under scripts/ or src/.',
      from: { path: '^scripts/' },
      to: { path: '^tests/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import the cruiser cannot resolve would slip past every rule above.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
