import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import testingLibrary from 'eslint-plugin-testing-library';
import globals from 'globals';

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
    files: ['**/*.cjs', 'webpack.config.js', 'mock-api/emulators/**/*.js'],
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
