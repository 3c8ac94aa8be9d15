// One fake for the whole run, started before the first test file and stopped after the last.
import { audioTaskMockGlobalSetup } from 'audio-task-mock/vitest'

export default audioTaskMockGlobalSetup({ scenario: 'happy-path' })
