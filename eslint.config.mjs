import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import testingLibrary from 'eslint-plugin-testing-library';
import globals from 'globals';

// The walls of the house (README, "Layout"): who may import whom.
const FEATURES = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const TESTS = ['**/*.test.{ts,tsx}', 'src/testing/**'];
// eslint-plugin-import reads TypeScript modules with typescript-eslint's parser and resolves them
// with its pure-JS node resolver. Import cycles are madge's (.madgerc, in `npm run lint`): the
// plugin's no-cycle parsed every module again and took 47 of lint's 69 s. (eslint-plugin-import-x needs
// unrs-resolver, whose platform builds this registry lacks, so npm ci refused the lock file.)
const importResolver = {
  'import/extensions': ['.ts', '.tsx', '.js'],
  'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  // The node resolver, after the `@/` alias is put right (scripts/eslintSrcResolver.cjs).
  'import/resolver': {
    [path.resolve('scripts/eslintSrcResolver.cjs')]: {
      extensions: ['.ts', '.tsx', '.js', '.json'],
    },
  },
};
const importPlugins = { import: importPlugin };
const zones = {
  mockApi: {
    target: './mock-api',
    from: './src',
    except: ['./api/contract'],
    message: 'The mock API may import only the wire contract (src/api/contract) from the app.',
  },
  // '.' takes in node_modules too: the contract is pure TypeScript, with one package, yup, for
  // the schema pieces the app's forms and the mock API's checks share (contract/schemas.ts).
  contract: {
    target: './src/api/contract',
    from: '.',
    except: ['./src/api/contract', './node_modules/yup'],
    message: 'The wire contract imports nothing outside itself but yup.',
  },
  contractTests: {
    target: './src/api/contract',
    from: ['./src', './mock-api'],
    except: ['./api/contract'],
    message: 'The wire contract imports nothing outside itself.',
  },
  // Bundled alone into the script a page loads (mock-api/emulators/bundleBrowserScript.ts).
  browserScripts: {
    target: './mock-api/emulators/browser',
    from: '.',
    except: ['./mock-api/emulators/browser'],
    message: "An emulator's browser script imports only the browser modules beside it.",
  },
  appNotMock: {
    target: './src',
    from: './mock-api',
    message: 'App code never imports the mock API.',
  },
  // Tests may start the mock API (mock-api/testing.ts) and read its emulators' constants.
  testsMock: {
    target: './src',
    from: './mock-api',
    except: ['./testing.ts', './emulators', './seed'],
    message: 'Tests import the mock API only through mock-api/testing.ts and emulator constants.',
  },
  sharedNotFeatures: {
    target: ['./src/api', './src/lib', './src/components', './src/config', './src/loading'],
    from: ['./src/features', './src/app', './src/server'],
    message:
      'api, lib, components, config and loading know nothing of features, routes or the server.',
  },
  // Tests included: a test of how a route composes features lives beside the route.
  featuresNotApp: {
    target: './src/features',
    from: ['./src/app', './src/server'],
    message:
      'A feature never imports src/app or src/server: shared facts live in config, lib or api.',
  },
  // The bench measures the app from outside: the wire contract, config constants, the server's
  // test pictures, and the mock API's data-file and media helpers; no feature code, no tests.
  benchApp: {
    target: './bench',
    from: './src',
    except: [
      './api/contract',
      './config/images.ts',
      './config/delays.ts',
      './server/images/testing.ts',
    ],
    message:
      'The bench imports from src/ only the wire contract and the few helpers it measures with.',
  },
  benchMock: {
    target: './bench',
    from: './mock-api',
    except: ['./db/store.ts', './db/types.ts', './env.ts', './media.ts'],
    message:
      "The bench reads the mock API's data file and media helpers, not its routes or emulators.",
  },
  benchTests: {
    target: './bench',
    from: ['./e2e', './e2e-firefox', './e2e-webkit', './jest'],
    message: 'The bench shares helpers with the tests through scripts/, not the tests themselves.',
  },
  features: FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: compose them in src/app/routes.',
  })),
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-server/',
      'node_modules/',
      'mock-api/.data/',
      'e2e-artifacts/',
      'test-results/',
      'coverage/',
      'bench/results*',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.cjs', 'webpack.config.js', 'mock-api/emulators/emulator-redirects.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['src/**/*.test.{ts,tsx}'],
    ...testingLibrary.configs['flat/react'],
  },
  {
    files: ['src/**/*.{ts,tsx}', 'mock-api/**/*.ts'],
    ignores: TESTS,
    plugins: importPlugins,
    settings: importResolver,
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            zones.mockApi,
            zones.contract,
            zones.browserScripts,
            zones.appNotMock,
            zones.sharedNotFeatures,
            zones.featuresNotApp,
            ...zones.features,
          ],
        },
      ],
    },
  },
  {
    files: ['bench/**/*.ts'],
    plugins: importPlugins,
    settings: importResolver,
    rules: {
      'import/no-restricted-paths': [
        'error',
        { zones: [zones.benchApp, zones.benchMock, zones.benchTests] },
      ],
    },
  },
  {
    files: TESTS,
    plugins: importPlugins,
    settings: importResolver,
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            zones.contractTests,
            zones.testsMock,
            zones.sharedNotFeatures,
            zones.featuresNotApp,
          ],
        },
      ],
    },
  },
  {
    // Only the adapters may import third-party SDKs (conventions: one adapter per SDK).
    files: ['src/**/*.{ts,tsx}'],
    ignores: [
      'src/features/payments/stripe/**',
      'src/features/payments/captcha/**',
      'src/features/deeplink/branch.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@stripe/*'],
              message: 'Use the Stripe adapter in features/payments/stripe.',
            },
            { group: ['react-google-recaptcha'], message: 'Use features/payments/captcha.' },
            { group: ['branch-sdk'], message: 'Use features/deeplink/branch.ts.' },
          ],
        },
      ],
    },
  },
);
