// ESLint for the whole repository (`npm run lint`, also a step of `npm test`).
// JavaScript's and typescript-eslint's recommended rules (type-aware on TypeScript files), the
// import boundaries of ARCHITECTURE.md, and Prettier's config last so that no rule fights the formatter.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import prettier from 'eslint-config-prettier/flat';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const REMOTES = ['mfe-catalog', 'mfe-booking', 'mfe-account', 'mfe-messaging', 'mfe-admin'];
const FRONT = ['shell', ...REMOTES];
const TS = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];
const JS = ['**/*.js', '**/*.mjs', '**/*.cjs'];

/** Route files: HTTP only (schema, guard, call a service); the database is the services' business. */
const ROUTE_FILES = ['api/src/**/routes.ts', 'api/src/**/*-routes.ts'];

/** Import boundaries between our packages, checked on resolved paths (relative or by package name). */
const boundaryZones = [
  ...REMOTES.map((remote) => ({
    target: `./${remote}`,
    from: [...REMOTES.filter((other) => other !== remote).map((other) => `./${other}`), './shell'],
    message: 'Un remote n’importe ni un autre remote ni le shell : passer par shared-kernel ou par un fragment fédéré.',
  })),
  {
    target: './shell',
    from: REMOTES.map((remote) => `./${remote}`),
    message: 'Le shell charge les remotes à l’exécution (Module Federation), jamais par un import.',
  },
  {
    target: './shared-kernel/src',
    from: [...FRONT, 'api', 'e2e', 'tooling'].map((pkg) => `./${pkg}`),
    message: 'Le noyau partagé n’importe aucun autre paquet du projet.',
  },
  {
    target: [...FRONT, 'shared-kernel'].map((pkg) => `./${pkg}`),
    from: './api',
    message: 'Le front-end n’importe pas l’API : les types du fil passent par shared-kernel.',
  },
];

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/coverage/',
    '**/test-results/',
    '**/playwright-report/',
    '**/.tmp/',
    '**/.mf/',
    '**/.cache/',
    '**/data/',
    'tooling/node24/',
  ]),
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  {
    files: TS,
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        // Files outside every package's tsconfig (drizzle-kit's config, shared test helpers and asset types).
        projectService: { allowDefaultProject: ['api/drizzle.config.ts', 'tooling/*.d.ts', 'tooling/testing/*.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Fastify plugins, hooks and async interfaces (rate-limit stores, buses) are async by contract
      // (a plugin without `async` must call `done`), with or without an `await` inside.
      '@typescript-eslint/require-await': 'off',
      // React ignores what an event handler returns; our async handlers catch their own errors.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Passing on a caught `unknown` reason invents no non-Error.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      '@typescript-eslint/no-floating-promises': [
        'error',
        // node:test's test() and describe() return promises the runner itself awaits.
        { allowForKnownSafeCalls: [{ from: 'package', name: ['test', 'it', 'describe', 'suite'], package: 'node:test' }] },
      ],
    },
  },
  {
    files: JS,
    extends: [tseslint.configs.recommended, tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' }, // CommonJS config files (webpack, jest) use require.
  },
  {
    files: ['api/**', 'scripts/**', 'tooling/**', 'e2e/**', '**/*.config.*'],
    languageOptions: { globals: globals.node },
  },
  {
    files: [...FRONT, 'shared-kernel'].map((pkg) => `${pkg}/**`),
    languageOptions: { globals: { ...globals.browser, ...globals.jest } },
  },
  {
    // One data layer (issue 33 item 3): TanStack Query and axios are the kernel's. A remote's own copy
    // of TanStack Query would hold its own context (no client, no shared cache), and reading axios
    // directly bypasses the API base, the token and the French error messages.
    files: FRONT.map((pkg) => `${pkg}/**`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@tanstack/react-query', message: 'Importez useQuery, useMutation… depuis shared-kernel (une seule copie fédérée).' },
            { name: 'axios', message: 'Les appels passent par le client du noyau (shared-kernel) : http, queries, serverMessage.' },
          ],
        },
      ],
    },
  },
  {
    // The page's title row, cards and muted text are the kernel's (`sk-page__top`, `sk-card`, `sk-muted`):
    // a remote's copy of them (issue 33) would style nothing since the remotes' page.css went to the kernel.
    files: ['mfe-*/src/**', 'shell/src/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/(acc|adm)-(card|muted|page__top)/], TemplateElement[value.raw=/(acc|adm)-(card|muted|page__top)/]',
          message: 'Utilisez les classes du noyau : sk-page__top, sk-card, sk-card__title, sk-muted, sk-actions.',
        },
        {
          // Issue 33 item 4: alerts, dialogs and forms are the kernel's UI kit (Alert, Dialog, FormFrame).
          selector:
            'Literal[value=/(cat|bk)-error|cat-modal|sh-notice|acc-form/], TemplateElement[value.raw=/(cat|bk)-error|cat-modal|sh-notice|acc-form/]',
          message: 'Utilisez le kit du noyau : Alert, Dialog, FormFrame (classes sk-alert, sk-dialog, sk-form).',
        },
      ],
    },
  },
  {
    files: ['tooling/test/**'],
    languageOptions: { globals: globals.jest },
  },
  {
    files: ['**/*.test.*', '**/test/**', 'e2e/**', 'tooling/testing/**', 'api/bench/**'],
    rules: {
      // Tests and benchmarks read untyped JSON bodies (`res.json()`) and assert on them: that is the point.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off', // test doubles stand in for library objects
      '@typescript-eslint/unbound-method': 'off', // `expect(mock.method)` passes jest mocks unbound by design
      '@typescript-eslint/no-require-imports': 'off', // jest.isolateModules and mocks load modules with require()
      // `getByLabelText(…) as HTMLInputElement` and `execute(sql) as unknown as { rows }` read better than type arguments.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  {
    // Drizzle's `execute()` on the driver-generic AppDb has no typed rows: `as unknown as { rows }` is
    // the way, and this rule misreads it as a type argument to spell out.
    files: ['api/src/jobs/scheduler.ts', 'api/src/mail/chat-digest.ts', 'api/src/mail/queue.ts', 'api/src/observability/ready.ts'],
    rules: { '@typescript-eslint/no-unnecessary-type-assertion': 'off' },
  },
  {
    files: ['e2e/**'],
    rules: { 'no-empty-pattern': 'off' }, // Playwright fixtures that use no other fixture must still destructure `{}`
  },
  {
    rules: {
      // `_name` marks a parameter or binding kept on purpose (position, destructuring rest).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['*/tsconfig.json'], alwaysTryTypes: true, noWarnOnMultipleProjects: true }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaryZones }] },
  },
  {
    files: ROUTE_FILES,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/pglite', '@electric-sql/pglite/*'],
              allowTypeImports: true, // the `AppDb` type passed on to a service is not a query
              message: 'Un fichier de routes ne touche pas la base : la requête va dans le service du module.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
