'use strict';
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const officeAddins = require('eslint-plugin-office-addins');

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
    // The ES5 guard (first script of the pages, parsed by IE11): a browser script of ES5 only.
    files: ['taskpane/guard.js'],
    languageOptions: { ecmaVersion: 5, sourceType: 'script', globals: { window: 'readonly', document: 'readonly' } },
    // ES5 has no `catch {}` without a binding.
    rules: { '@typescript-eslint/no-unused-vars': ['error', { caughtErrors: 'none' }] },
  },
  {
    // Office.js discipline (load before read, sync after load, null objects tested with isNullObject, …): the rules of
    // Microsoft's eslint-plugin-office-addins, at the levels of its `recommended` config, on the code that calls
    // Office.js. Its formatting rules (prettier) are not taken: the house has its own style.
    files: ['taskpane/**/*.ts', 'functions/**/*.ts'],
    plugins: { 'office-addins': officeAddins },
    rules: {
      'office-addins/call-sync-after-load': 'error',
      'office-addins/call-sync-before-read': 'error',
      'office-addins/load-object-before-read': 'error',
      'office-addins/no-context-sync-in-loop': 'warn',
      'office-addins/no-empty-load': 'warn',
      'office-addins/no-navigational-load': 'warn',
      'office-addins/no-office-initialize': 'warn',
      'office-addins/test-for-null-using-isNullObject': 'error',
    },
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
