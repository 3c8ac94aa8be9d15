/** Scenarios the contract and domain tests share. */
export const CONTRACT_SCENARIO = `
version: 1
name: contract
seed: 7
clock: { mode: manual, start: "2026-01-01T00:00:00.000Z" }
service:
  timeout_after: 10m
accounts:
  - { api_key: key-a, credits: 1000 }
  - { api_key: key-b, credits: 1000 }
  - { api_key: low, credits: 12 }
  - { api_key: broke, credits: 0 }
timelines:
  default:
    - { status: pending, polls: 1 }
    - { status: running, polls: 2 }
    - { status: success }
  fails:
    - { status: pending, polls: 1 }
    - { status: failure, error: "upstream rejected the prompt" }
  slow:
    - { status: pending, for: 5s }
    - { status: running, for: 30s }
    - { status: success }
  stuck:
    - { status: pending, polls: 1 }
    - { status: running, for: 1h }
    - { status: success }
rules:
  - match: { task_type: music, input: { gpt_description_prompt: { contains: fail } } }
    timeline: fails
  - match: { task_type: music, input: { gpt_description_prompt: { contains: slow } } }
    timeline: slow
  - match: { task_type: music, input: { gpt_description_prompt: { contains: stuck } } }
    timeline: stuck
`
