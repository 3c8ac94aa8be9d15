import json
import os
import re
import urllib.error
import urllib.request

import pytest

from audio_task_mock_pytest import FakeNotFound, FakeNotReady, fake_command, installed_executable, reset_fake, start_fake, world_url


def get(url, key=None):
    request = urllib.request.Request(url, headers={} if key is None else {"x-api-key": key})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, json.load(response)


def gone(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_the_fixture_yields_the_url_of_a_running_fake(audio_task_mock):
    assert audio_task_mock.startswith("http://127.0.0.1:")
    status, health = get(f"{audio_task_mock}/__admin/health")
    assert status == 200 and health["status"] == "ok"
    status, usage = get(f"{audio_task_mock}/api/v1/account/usage", key="demo-key")
    assert status == 200 and usage["code"] == 200


def test_start_fake_serves_the_scenario_asked_for_and_stops_the_fake_afterwards():
    with start_fake(["--scenario", "flaky-create", "--seed", "9"]) as fake:
        _, health = get(f"{fake.url}/__admin/health")
        assert (health["scenario"], health["seed"]) == ("flaky-create", 9)
        pid = fake.process.pid
    assert fake.process.returncode == 0  # stopped by SIGTERM, exited cleanly
    assert gone(pid)
    with pytest.raises(urllib.error.URLError):
        get(f"{fake.url}/__admin/health")


def test_the_fake_reads_its_own_variables():
    env = dict(os.environ, AUDIO_TASK_MOCK_SCENARIO="happy-path")
    with start_fake(env=env) as fake:
        assert get(f"{fake.url}/__admin/health")[1]["scenario"] == "happy-path"


def test_a_fake_that_cannot_start_raises_with_its_own_message():
    with pytest.raises(FakeNotReady, match="no bundled scenario of that name"):
        with start_fake(["--scenario", "no-such-scenario"]):
            pass


def test_the_command_is_the_variable_then_the_wheels_executable_then_the_one_on_path():
    installed = lambda: "/venv/bin/audio-task-mock"
    assert fake_command({"AUDIO_TASK_MOCK_COMMAND": "node 'my dir/cli.js'"}, which=lambda _: "/x", installed=installed) == ["node", "my dir/cli.js"]
    assert fake_command({}, which=lambda _: "/x", installed=installed) == ["/venv/bin/audio-task-mock"]
    assert fake_command({}, which=lambda name: f"/opt/bin/{name}", installed=lambda: None) == ["/opt/bin/audio-task-mock"]


def test_with_neither_it_downloads_nothing_and_names_both_ways():
    with pytest.raises(FakeNotFound) as raised:
        fake_command({}, which=lambda _: None, installed=lambda: None)
    message = str(raised.value)
    assert "AUDIO_TASK_MOCK_COMMAND" in message and "pip install" in message and "wheel" in message
    assert "npx" not in message


def test_the_wheels_executable_is_the_one_its_record_lists(tmp_path):
    assert installed_executable(files=lambda: None) is None  # not installed from a wheel: the file was copied
    assert installed_executable(files=lambda: [_File("audio_task_mock_pytest.py", "/site/a.py")]) is None
    exe = tmp_path / "audio-task-mock"
    exe.write_bytes(b"")
    exe.chmod(0o644)
    assert installed_executable(files=lambda: [_File("audio-task-mock", str(exe))]) is None  # not executable
    exe.chmod(0o755)
    assert installed_executable(files=lambda: [_File("audio-task-mock", str(exe))]) == str(exe)


class _File:
    def __init__(self, name, path):
        self.name, self._path = name, path

    def locate(self):
        return self._path


def test_each_worker_uses_the_base_url_of_its_own_fake():
    assert world_url("http://127.0.0.1:4010", "master") == "http://127.0.0.1:4010"
    assert world_url("http://127.0.0.1:4010", "gw3") == "http://127.0.0.1:4010"


def create_lyrics(url, key="demo-key"):
    body = json.dumps({"model": "music-model", "task_type": "lyrics", "input": {"prompt": "x"}}).encode()
    request = urllib.request.Request(f"{url}/api/v1/task", data=body, method="POST", headers={"x-api-key": key, "content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status


# The next two run in this order on one session's fake: the second sees none of the first's task.
def test_reset_fixture_a_test_creates_a_task(audio_task_mock_reset):
    assert create_lyrics(audio_task_mock_reset) == 202
    assert get(f"{audio_task_mock_reset}/api/v1/account/usage", key="demo-key")[1]["data"]["tasks_created"] == 1


def test_reset_fixture_the_next_test_starts_from_the_scenario(audio_task_mock_reset, audio_task_mock):
    assert audio_task_mock_reset == audio_task_mock
    assert get(f"{audio_task_mock_reset}/api/v1/account/usage", key="demo-key")[1]["data"]["tasks_created"] == 0


def test_world_url_says_how_workers_share_one_fake_through_worlds(audio_task_mock):
    doc = world_url.__doc__
    assert "Once the fake serves worlds" not in doc  # they exist (docs/worlds.md)
    expression = re.search(r'(f"\{base\}/worlds/\{worker\}")', doc).group(1)
    url = eval(expression, {}, {"base": audio_task_mock, "worker": "gw1"})
    assert url == f"{audio_task_mock}/worlds/gw1"
    assert get(f"{url}/api/v1/account/usage", key="demo-key")[0] == 200


def test_reset_fake_sends_the_admin_token_when_one_is_set():
    env = dict(os.environ, AUDIO_TASK_MOCK_ADMIN_TOKEN="t0k")
    with start_fake(env=env) as fake:
        reset_fake(fake.url, env=env)
        with pytest.raises(urllib.error.HTTPError, match="401"):
            reset_fake(fake.url, env={})
