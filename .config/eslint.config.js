// Lint: code is grouped by the runtime it may run in, and the groups' import boundaries are enforced.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Node's modules, by exact name (a gitignore-style group would also catch `./events/catalog.js`).
const NODE_BUILTINS =
  '^(node:.*|(fs|path|os|child_process|net|http|https|crypto|stream|util|events|url|worker_threads)(/.*)?)$';

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', 'test-results/**', 'renderer/dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Prettier wraps code; this catches what it cannot wrap (comments), leaving messages whole.
      'max-len': [
        'error',
        {
          code: 120,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreUrls: true,
          ignoreRegExpLiterals: true,
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression Property[key.name='shell'][value.value=true]",
          message: 'argv never passes through a shell: build the argv, or use a shell handler explicitly',
        },
      ],
    },
  },
  {
    // The host, the CLI and shared code run under plain Node (or anywhere): no Electron.
    files: ['electron/host/**', 'electron/cli/**', 'shared/**', 'test/**'],
    ignores: ['test/e2e/electron/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'The host is free of Electron; only electron/app/ may import it.' },
          ],
        },
      ],
    },
  },
  {
    // node:http through its one require() (electron/host/builtins.ts says why); its types are free.
    files: ['electron/host/**', 'electron/cli/**'],
    ignores: ['electron/host/builtins.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['node:http', 'http'].map((name) => ({
            name,
            allowTypeImports: true,
            message:
              "Import it from electron/host/builtins.ts: Node 24's `import` of node:http loads undici.",
          })),
        },
      ],
    },
  },
  {
    // The host and the CLI: under Node 20 a promise rejection nobody handles ends the process, so no
    // promise floats, `void` included (inBackground() in electron/host/background.ts says a failure
    // instead). Type-aware, so on these folders only (it costs lint a type check of them).
    files: ['electron/host/**/*.ts', 'electron/cli/**/*.ts'],
    // main.ts is the CLI engineer's (its commander rework): its one floating promise is left to them.
    ignores: ['**/*.config.mts', 'electron/cli/main.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: new URL('..', import.meta.url).pathname },
    },
    rules: { '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: false }] },
  },
  {
    // shared/ is runtime-neutral: used by the renderer too.
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'shared/ is runtime-neutral.' }],
          patterns: [
            { regex: NODE_BUILTINS, message: 'shared/ is runtime-neutral: no Node modules.' },
            {
              regex: '^\\.\\./electron/(?!host/dialects/[\\w-]+/manifest\\.js$)',
              message: "shared/ is runtime-neutral: of the host's code it imports only dialect manifests.",
            },
          ],
        },
      ],
    },
  },
  {
    // A dialect's manifest and event catalog are plain data that shared/dialects.ts, the renderer and the
    // light `hookpanel emit` path load: no Node, no zod, and nothing from the host but each other.
    files: ['electron/host/dialects/*/manifest.ts', 'electron/host/dialects/*/events.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'A manifest is plain data.' }],
          patterns: [
            {
              // Anything but shared/ and an event catalog: Node, zod, the host's modules.
              regex: '^(?!\\.\\./\\.\\./\\.\\./\\.\\./shared/|\\./events\\.js$|\\.\\./[\\w-]+/events\\.js$)',
              message:
                'A manifest is plain data that emit and the renderer load: it imports only shared/ and event catalogs.',
            },
          ],
        },
      ],
    },
  },
  {
    // Raw IPC appears in one file each: ipcMain in ipc-main.ts, ipcRenderer in the preload.
    files: ['electron/app/**'],
    ignores: ['electron/app/ipc-main.ts', 'electron/app/preload.source.cts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              importNames: ['ipcMain', 'ipcRenderer'],
              message:
                'Use the typed contract: ipcMain only in ipc-main.ts, ipcRenderer only in preload.source.cts.',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'electron', property: 'ipcMain' },
        { object: 'electron', property: 'ipcRenderer' },
      ],
    },
  },
  {
    // The renderer runs in a sandboxed page: browser APIs and the typed client only.
    files: ['renderer/**'],
    ignores: ['renderer/vite.config.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'The renderer talks to the host only through the typed client.' },
          ],
          patterns: [
            { regex: NODE_BUILTINS, message: 'The renderer is a sandboxed page: no Node modules.' },
            { group: ['**/electron/**'], message: 'The renderer imports only shared/ and its own code.' },
          ],
        },
      ],
    },
  },
);
