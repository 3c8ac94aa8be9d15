// README's first test, run here under this repository's msw 2: README quotes the msw 3 file,
// test/package/consumer/msw-3/first-test.spec.ts, and this is its twin (only the option's name
// differs; test/repo/doc-examples.test.ts checks it). The matrix runs both in its cells.
import './package/consumer/msw-2/first-test.spec.js'
