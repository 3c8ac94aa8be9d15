// 1,000 lyrics task lives (one create, four reads) through mock.fetch with the default scenario:
// node bench/lives-loop.mjs ROOT (a checkout with dist/ built). Prints the wall time.
const { createMock } = await import(process.argv[2] + '/dist/index.js')
const mock = createMock({ scenario: process.argv[3] ?? undefined, baseUrl: 'http://audio.mock.test' })
const headers = { 'x-api-key': 'demo-key', 'content-type': 'application/json' }
const body = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'rain' } })
const t0 = performance.now()
for (let i = 0; i < 1000; i++) {
  if (i % 50 === 0)
    await mock.fetch('/__admin/accounts/demo-key/top-up', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"credits":1000}' })
  const created = await (await mock.fetch('/api/v1/task', { method: 'POST', headers, body })).json()
  for (let r = 0; r < 4; r++) await (await mock.fetch('/api/v1/task/' + created.data.task_id, { headers })).json()
}
console.log(process.argv[2], (performance.now() - t0).toFixed(0), 'ms')
