import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: [
      'test/unit/**/*.test.ts',
      'test/integration/**/*.test.ts',
      'test/reliability/**/*.test.ts',
      'test/realclient/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    globalSetup: ['.config/vitest.global-setup.ts'],
  },
});
