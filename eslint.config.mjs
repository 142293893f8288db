import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';
import tseslint from 'typescript-eslint';

const config = [
  { ignores: ['node_modules/**', '.next/**', 'out/**', 'data/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**', '.audit-reference/**'] },
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // The team's and the applicant's screens are composed from small pieces (src/team/kit/): no
    // function there, a component or what it holds, passes 100 lines; a longer one is split into
    // named pieces with one job each.
    files: ['src/team/**/*.tsx', 'src/applicant/**/*.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 100, skipBlankLines: false, skipComments: false, IIFEs: true }] },
  },
  {
    // Scripts and tests report to the terminal.
    files: ['scripts/**', 'tests/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
];

export default config;
