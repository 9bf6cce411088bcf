// One lint setup for the whole repository: typescript-eslint on type information, React hooks rules, and the
// architecture's boundaries (a domain reaches another domain only through its service on the server, or its
// api/ hooks on the web; no import cycles; the web never imports server code).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const foldersIn = (path) =>
  readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// Absolute paths: the rule matches globs against resolved file names.
const noMathRandom = {
  selector: "MemberExpression[object.name='Math'][property.name='random']",
  message: 'Use node:crypto (or crypto.getRandomValues) for anything random.',
};

const serverModules = `${import.meta.dirname}/apps/server/src/modules`;
const webFeatures = `${import.meta.dirname}/apps/web/src/features`;

const serverZones = foldersIn(serverModules).flatMap((name) => [
  {
    target: `${serverModules}/${name}/**/!(*.test|*.test-helpers|*.tables).ts`,
    from: [`${serverModules}/!(${name})/**`],
    // Guards are the one place request context comes from, so every domain's routes may use them.
    except: [`${serverModules}/*/*.service.ts`, `${serverModules}/*/*.guard.ts`],
    message: 'A domain calls another domain through its service (or its guard) only.',
  },
  {
    // Foreign keys may point at another domain's table; nothing else crosses over from a table file.
    target: `${serverModules}/${name}/*.tables.ts`,
    from: [`${serverModules}/!(${name})/**`],
    except: [`${serverModules}/*/*.tables.ts`],
    message: 'A table file may reference only other table files.',
  },
]);

const webZones = foldersIn(webFeatures).map((name) => ({
  target: `${webFeatures}/${name}/**`,
  from: [`${webFeatures}/!(${name})/**`],
  except: [`${webFeatures}/*/api/**`],
  message: 'A feature uses another feature through its api/ hooks only.',
}));

const backofficeFeatures = `${import.meta.dirname}/apps/backoffice/src/features`;
const backofficeZones = foldersIn(backofficeFeatures).map((name) => ({
  target: `${backofficeFeatures}/${name}/**`,
  from: [`${backofficeFeatures}/!(${name})/**`],
  except: [`${backofficeFeatures}/*/api.ts`],
  message: 'A console feature uses another feature through its api.ts only.',
}));

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', '**/playwright-report/**'],
  },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'apps/*/tsconfig.json',
            'packages/*/tsconfig.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { type X }` still loads the module (verbatimModuleSyntax); the site's first load counts on it not.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // Fastify plugins and hooks are async by contract, awaited or not.
      '@typescript-eslint/require-await': 'off',
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...serverZones,
            ...webZones,
            ...backofficeZones,
            {
              target: './apps/web',
              from: './apps/server',
              message: 'The web app talks to the server over HTTP only.',
            },
            {
              target: './apps/backoffice',
              from: ['./apps/server', './apps/web'],
              message:
                'The operator console talks to the server over HTTP only and shares code through contracts.',
            },
            {
              target: './apps/demo-vendor',
              from: ['./apps/server', './apps/web', './apps/backoffice'],
              message: 'The demo vendor is an outside party: it reaches the platform over HTTP only.',
            },
            {
              target: './packages/contracts',
              from: './apps',
              message: 'Contracts depend on nothing of the apps.',
            },
          ],
        },
      ],
      'no-restricted-syntax': ['error', noMathRandom],
    },
  },
  {
    // Request context is placed once: a route reads the member, the staff member, the brand and the visitor
    // from the request, where the guards put them (auth.guard.ts, backoffice.guard.ts, site.guard.ts).
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/http/request-context'],
              importNames: ['visitorOf'],
              message: 'Read request.visitor instead.',
            },
            {
              group: ['**/auth/auth.service', './auth.service'],
              importNames: ['sessionOf'],
              message: 'Put the member guard on the route and read request.member or request.memberSession.',
            },
            {
              group: ['**/backoffice/backoffice.service', './backoffice.service'],
              importNames: ['assertStaffRole'],
              message:
                'Use the preHandler requireRole(roles) of the backoffice module and read request.staff.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        noMathRandom,
        {
          selector: 'CallExpression[callee.property.name=/^(getBrandContext|resolveBrand)$/]',
          message: 'Put the brand guard (requireBrand) on the route and read request.brand.',
        },
        {
          selector: 'MemberExpression[property.name=/^(admittedSession|resolvedBrand|staffIdentity)$/]',
          message: 'Only the guards write these; read request.member, request.brand or request.staff.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/backoffice/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['e2e/**/*.ts'],
    // Playwright fixtures that need no other fixture are declared with an empty pattern by design.
    rules: { 'no-empty-pattern': 'off' },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);
