import { availableParallelism } from 'node:os';
import type { Config } from 'jest';
import srcAlias from './scripts/srcAlias.cjs';

// SWC only transpiles (type checking is `npm run typecheck`), into CommonJS for Jest, hoisting
// jest.mock() above the imports: cold, as on a clean clone, Jest took 1:52-2:04 against 2:22 with
// ts-jest. Its exports are getters, so a test replaces a module's function with jest.mock(), not
// jest.spyOn().
const transform: Config['transform'] = {
  '^.+\\.tsx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

// CSS is stubbed; `@/` is src/ (scripts/srcAlias.cjs, from tsconfig.json's paths).
const moduleNameMapper = {
  '\\.css$': '<rootDir>/src/testing/styleStub.ts',
  ...srcAlias.jestMapper,
};

const config: Config = {
  // Integration tests talk to a real server; on a loaded machine (CI next to other work, or
  // npm run test:stress) one can take several times its idle time.
  testTimeout: 20_000,
  // Jest's default is one worker per core but one, so on a two-core machine one worker ran the
  // suite (5:43, 1.15 cores busy: many tests wait on servers, timers and child processes); three
  // took 3:06 and two 3:25. (Jest reads '150%' as 150 workers, so the number is worked out here.)
  maxWorkers: Math.ceil(availableParallelism() * 1.5),
  projects: [
    {
      displayName: 'app',
      testEnvironment: 'jest-fixed-jsdom',
      roots: ['<rootDir>/src'],
      testMatch: ['**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/jest/consoleGuard.ts', '<rootDir>/src/testing/setupTests.ts'],
      transform,
      moduleNameMapper,
    },
    {
      displayName: 'mock-api',
      testEnvironment: 'node',
      roots: ['<rootDir>/mock-api', '<rootDir>/scripts'],
      testMatch: ['**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/jest/consoleGuard.ts'],
      transform,
    },
  ],
};

export default config;
