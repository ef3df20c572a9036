'use strict';
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');

module.exports = tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', process: 'readonly', console: 'readonly', __dirname: 'readonly', Buffer: 'readonly', URL: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The engine never imports Office (DEVELOPERS.md, "The house").
    files: ['src/**/*.ts'],
    ignores: ['src/workbook/adapters/xlsx*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['office-*', '@microsoft/office-*', 'exceljs'] }],
      'no-restricted-globals': ['error', 'Office', 'Excel', 'CustomFunctions'],
    },
  },
);
