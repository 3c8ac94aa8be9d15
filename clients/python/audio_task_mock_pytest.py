"""pytest fixture for audio-task-mock, a fake of the Asynchronous Audio Task Service.

Python standard library only. Install the wheel for your platform (``pip install URL``, see
docs/install.md: it holds the standalone executable too, and registers the fixture with pytest by
itself), or copy this one file next to your tests and add
``pytest_plugins = ["audio_task_mock_pytest"]`` to your ``conftest.py``.

The ``audio_task_mock`` fixture (one fake per test session, and so per pytest-xdist worker)
starts the fake on a free loopback port, yields its base URL, e.g. ``http://127.0.0.1:41234``,
and stops it after the session::

    def test_usage(audio_task_mock):
        url = f"{audio_task_mock}/api/v1/account/usage"
        ...

How the fake is started, first found wins:
  1. ``AUDIO_TASK_MOCK_COMMAND``: a command line, e.g. ``./audio-task-mock`` or
     ``node node_modules/audio-task-mock/dist/bin/audio-task-mock.js``;
  2. the standalone executable the wheel installed (no Node needed);
  3. the executable ``audio-task-mock`` on ``PATH``.
With none of them it raises ``FakeNotFound``, naming both ways; it never downloads anything.
It is configured by the fake's own variables (``AUDIO_TASK_MOCK_SCENARIO=flaky-create``,
``AUDIO_TASK_MOCK_SEED``, ...); the port is always a free one. Each bundled scenario has its own
API keys (``demo-key`` in the default one; ``happy-key`` in happy-path...): see the README.
``start_fake()`` starts one with other settings, e.g. a scenario per test module.

The fake lives for the whole session, so what one test does (tasks, credits, the clock) is there
for the next. ``audio_task_mock_reset`` is the same URL, with the fake put back to its scenario's
start (``POST /__admin/reset``) before the test::

    def test_first_task(audio_task_mock_reset):
        ...  # no task of an earlier test, the credits and the clock as the scenario says
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import os
import re
import shlex
import shutil
import signal
import subprocess
import threading
import urllib.request
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, Mapping, Optional, Sequence

import pytest

__all__ = [
    "FakeNotFound",
    "FakeNotReady",
    "RunningFake",
    "audio_task_mock",
    "audio_task_mock_reset",
    "fake_command",
    "installed_executable",
    "reset_fake",
    "start_fake",
    "world_url",
]

READY = re.compile(r"listening on (http://\S+:\d+)(?:\s|$)")
COMMAND_ENV = "AUDIO_TASK_MOCK_COMMAND"
ADMIN_TOKEN_ENV = "AUDIO_TASK_MOCK_ADMIN_TOKEN"
DISTRIBUTION = "audio-task-mock-pytest"
EXECUTABLE = "audio-task-mock"


class FakeNotFound(RuntimeError):
    """Nothing to start: no AUDIO_TASK_MOCK_COMMAND, no executable from the wheel or on PATH."""


class FakeNotReady(RuntimeError):
    """The fake exited, or stayed silent, before printing its "listening on" line."""


@dataclass
class RunningFake:
    url: str
    process: subprocess.Popen
    output: list = field(default_factory=list)

    @property
    def log(self) -> str:
        return "".join(self.output)


def _record() -> Optional[Iterable]:
    try:
        return importlib.metadata.distribution(DISTRIBUTION).files
    except importlib.metadata.PackageNotFoundError:
        return None


def installed_executable(files: Callable[[], Optional[Iterable]] = _record) -> Optional[str]:
    """The executable the wheel for this platform installed (listed in its RECORD), if any."""
    for file in files() or ():
        if file.name == EXECUTABLE:
            path = str(file.locate())
            if os.path.isfile(path) and os.access(path, os.X_OK):
                return path
    return None


def fake_command(env: Mapping[str, str] = os.environ, which=shutil.which, installed=installed_executable) -> list:
    """The command line that starts the fake (see the module's help for the order)."""
    given = env.get(COMMAND_ENV, "").strip()
    if given:
        return shlex.split(given)
    exe = installed() or which(EXECUTABLE)
    if exe:
        return [exe]
    raise FakeNotFound(
        f"audio-task-mock: nothing to start the fake with. Either install the wheel for your platform, which holds "
        f"the executable (pip install URL-of-audio_task_mock_pytest-VERSION-py3-none-PLATFORM.whl, see docs/install.md), "
        f"or set {COMMAND_ENV} to a command that starts it (e.g. ./audio-task-mock, or "
        f"node node_modules/audio-task-mock/dist/bin/audio-task-mock.js)"
    )


def world_url(base: str, worker: str) -> str:
    """The base URL a pytest-xdist worker (``gw0``, ``gw1``...; ``master`` without xdist) uses.

    The ``audio_task_mock`` fixture starts one fake per worker, so this is ``base``. Workers that
    share one fake (started outside pytest, e.g. under ``audio-task-mock run -- pytest -n 4``) each
    take a world of their own, a whole fake under its prefix (docs/worlds.md):
    ``f"{base}/worlds/{worker}"``.
    """
    return base


def _stop(process: subprocess.Popen, grace: float) -> None:
    if process.poll() is not None:
        return
    try:
        if hasattr(os, "killpg"):
            os.killpg(process.pid, signal.SIGTERM)  # the command, a shell it starts, and the fake
        else:
            process.terminate()
        process.wait(grace)
    except subprocess.TimeoutExpired:
        if hasattr(os, "killpg"):
            os.killpg(process.pid, signal.SIGKILL)
        else:
            process.kill()
        process.wait()
    except ProcessLookupError:
        process.wait()


@contextlib.contextmanager
def start_fake(
    args: Sequence[str] = (),
    env: Optional[Mapping[str, str]] = None,
    command: Optional[Sequence[str]] = None,
    ready_timeout: float = 120.0,
    stop_timeout: float = 10.0,
) -> Iterator[RunningFake]:
    """Starts the fake (``args`` are its flags, e.g. ``["--scenario", "flaky-create"]``), yields it
    once it listens, and stops it (SIGTERM, then SIGKILL after ``stop_timeout`` seconds)."""
    environment = dict(os.environ if env is None else env)
    argv = list(command if command is not None else fake_command(environment)) + ["--port", "0", "--host", "127.0.0.1", *args]
    process = subprocess.Popen(
        argv,
        env=environment,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=hasattr(os, "killpg"),
    )
    fake = RunningFake(url="", process=process)
    ready = threading.Event()

    def read() -> None:  # keeps reading after the ready line, so the pipe never fills
        for line in process.stdout:
            fake.output.append(line)
            found = READY.search(line)
            if found and not ready.is_set():
                fake.url = found.group(1)
                ready.set()
        ready.set()

    threading.Thread(target=read, daemon=True).start()
    try:
        if not ready.wait(ready_timeout) or not fake.url:
            raise FakeNotReady(f"{shlex.join(argv)} did not get ready (exit code {process.poll()}):\n{fake.log}")
        yield fake
    finally:
        _stop(process, stop_timeout)


@pytest.fixture(scope="session")
def audio_task_mock() -> Iterator[str]:
    """The fake's base URL for this session (this xdist worker); the fake stops after it."""
    with start_fake() as fake:
        yield world_url(fake.url, os.environ.get("PYTEST_XDIST_WORKER", "master"))


def reset_fake(url: str, env: Mapping[str, str] = os.environ, timeout: float = 10.0) -> None:
    """Puts the fake at ``url`` (a world's URL too) back to its scenario's start: accounts,
    credits, tasks, counters and clock (``POST /__admin/reset``, with the admin token if set)."""
    token = env.get(ADMIN_TOKEN_ENV, "")
    # Typed: urllib would call an empty body a form, which the admin API refuses (415).
    headers = {"content-type": "application/json", **({"authorization": f"Bearer {token}"} if token else {})}
    request = urllib.request.Request(f"{url}/__admin/reset", data=b"", method="POST", headers=headers)
    with urllib.request.urlopen(request, timeout=timeout) as response:
        response.read()


@pytest.fixture
def audio_task_mock_reset(audio_task_mock: str) -> str:
    """The session's fake (``audio_task_mock``'s URL), reset to its scenario's start before this test."""
    reset_fake(audio_task_mock)
    return audio_task_mock
