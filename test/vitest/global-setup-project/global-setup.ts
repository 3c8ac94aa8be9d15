import { audioTaskMockGlobalSetup } from 'audio-task-mock/vitest'

export default audioTaskMockGlobalSetup({ scenario: 'happy-path' })
