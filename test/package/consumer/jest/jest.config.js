// Jest 30 with ESM test files: run as `NODE_OPTIONS=--experimental-vm-modules npx jest`.
// Node's environment by default; a front-end test names jest-fixed-jsdom in its docblock.
export default {
  testEnvironment: 'node',
  testMatch: ['**/*.test.js'],
  transform: {},
}
