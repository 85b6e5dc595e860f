import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'artifacts/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
      'no-console': 'off',
    },
  },
  {
    // A code file past 300 lines holds more than one concern: split it. Tests may run longer.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['tests/**'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The server tests share their worker's modules from file to file (vitest.config.ts: isolate
    // false): a module mocked, stubbed or reset in one file would be so in the files after it.
    files: ['tests/server/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubEnv', 'stubGlobal', 'resetModules', 'spyOn'].map((property) => ({
          object: 'vi',
          property,
          message: 'Serverens tester deler moduler fra fil til fil: bruk en falsk tjeneste (tests/server/fakes) i stedet.',
        })),
      ],
    },
  },
  {
    // The member app must never pull in react-admin or the staff app.
    files: ['src/min-side/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react-admin', 'ra-*', '@react-admin/*'], message: 'Min side må ikke laste react-admin.' },
            { group: ['**/admin/**', '**/dataProvider/index*', '**/dataProvider/dataProvider*'], message: 'Min side må ikke importere stab-appen.' },
          ],
        },
      ],
    },
  },
);
