// The container's HEALTHCHECK: GET /__admin/health on the fake's own port (AUDIO_TASK_MOCK_PORT),
// with the admin token when one is set (AUDIO_TASK_MOCK_ADMIN_TOKEN). Healthy (exit 0) on 200.
// Without a token the admin API is closed on 0.0.0.0 (docs/decisions/014) and answers 403 with
// {code, message}: the server is up and answering, so that counts as healthy too.
const port = process.env.AUDIO_TASK_MOCK_PORT || '4010'
const token = process.env.AUDIO_TASK_MOCK_ADMIN_TOKEN
try {
  const response = await fetch(`http://127.0.0.1:${port}/__admin/health`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(2500),
  })
  const body = await response.json()
  const healthy = (response.status === 200 && body.status === 'ok') || (!token && response.status === 403 && body.code === 403)
  if (!healthy) console.error(`unhealthy: /__admin/health answered ${response.status}: ${JSON.stringify(body)}`)
  process.exit(healthy ? 0 : 1)
} catch (error) {
  console.error(`unhealthy: ${error.message}`)
  process.exit(1)
}
