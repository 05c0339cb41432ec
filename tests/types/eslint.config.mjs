// The lint of web/*.js and cpp/bindings/*.js (run by tests/types/lint.test.mjs from the repo root):
// ESLint's recommended rules, and typescript-eslint's typed rules on promises over the same
// programs as the type check (tsconfig.web.json, tsconfig.bindings.json), so that a promise nobody
// awaits or catches is an error.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const here = import.meta.dirname;

export default [
  js.configs.recommended,
  {
    files: ['web/*.js', 'cpp/bindings/*.js'],
    plugins: { '@typescript-eslint': tseslint.plugin },
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { project: [`${here}/tsconfig.web.json`, `${here}/tsconfig.bindings.json`], tsconfigRootDir: here },
      ecmaVersion: 2022,
    },
    rules: {
      'no-undef': 'off',  // the type check knows every name (the DOM's, a worker's, the factory's)
      'no-unused-vars': ['error', { args: 'none', caughtErrors: 'none' }],
      '@typescript-eslint/no-floating-promises': 'error',
      // Not in conditionals: without strictNullChecks a `Promise | null` is typed as a Promise.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false, checksConditionals: false }],
      '@typescript-eslint/await-thenable': 'error',
      'eqeqeq': ['error', 'smart'],
      'no-var': 'error',
      'prefer-const': ['error', { destructuring: 'all' }],
      // The pages refuse control characters in texts on purpose (/[\u0000-\u001f]/).
      'no-control-regex': 'off',
    },
  },
  {
    files: ['cpp/bindings/*.js'],
    languageOptions: { sourceType: 'script' },
    // The post-js files share one scope: a function one defines is used by another.
    rules: { 'no-unused-vars': 'off', 'no-redeclare': 'off' },
  },
  // The 404 page's module entry is an ES module (the build concatenates the scripts above it).
  { files: ['cpp/bindings/landscape.entry.js'], languageOptions: { sourceType: 'module' } },
];
