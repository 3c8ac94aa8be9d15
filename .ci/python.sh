#!/usr/bin/env bash
# CI step for the pytest fixture (clients/python, issue 30), with Debian's Python and pytest
# (apt-get install -y python3-pytest python3-venv; nothing from PyPI):
#  1. its own tests, the fixture loaded from the copied file, against the repository's CLI;
#  2. the same against the standalone executable when dist-exe/audio-task-mock exists;
#  3. the package installed into a fresh venv (no index, no download) and a user's test that uses
#     the fixture with no conftest.py: pytest finds it through the package's entry point.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
python=/usr/bin/python3
npm run -s build
AUDIO_TASK_MOCK_COMMAND="node $root/dist/bin/audio-task-mock.js" "$python" -m pytest -q -p no:cacheprovider clients/python/tests
if [ -x dist-exe/audio-task-mock ]; then
  AUDIO_TASK_MOCK_COMMAND="$root/dist-exe/audio-task-mock" "$python" -m pytest -q -p no:cacheprovider clients/python/tests
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$python" -m venv --system-site-packages "$work/venv"
cp -r "$root/clients/python" "$work/package" # the build writes build/ and *.egg-info beside the sources
"$work/venv/bin/pip" install --quiet --no-index --no-build-isolation "$work/package"
mkdir "$work/user-project"
cat >"$work/user-project/test_user.py" <<'PY'
import json, urllib.request

def test_usage(audio_task_mock):
    request = urllib.request.Request(f"{audio_task_mock}/api/v1/account/usage", headers={"x-api-key": "demo-key"})
    with urllib.request.urlopen(request) as response:
        assert json.load(response)["code"] == 200
PY
(cd "$work/user-project" && AUDIO_TASK_MOCK_COMMAND="node $root/dist/bin/audio-task-mock.js" "$work/venv/bin/python" -m pytest -q -p no:cacheprovider test_user.py)
