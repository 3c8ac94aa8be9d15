"""The fixture's own tests: the plugin is loaded as a user who copied the file would load it.

They start the fake through AUDIO_TASK_MOCK_COMMAND, which .ci/python.sh points at the
repository's built CLI (or the standalone executable)."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

pytest_plugins = ["audio_task_mock_pytest"]
