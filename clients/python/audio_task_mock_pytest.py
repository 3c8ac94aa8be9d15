"""pytest fixture for audio-task-mock, a fake of the Asynchronous Audio Task Service.

Python standard library only. Install it (``pip install ./clients/python``: the fixture is then
registered with pytest by itself) or copy this one file next to your tests and add
``pytest_plugins = ["audio_task_mock_pytest"]`` to your ``conftest.py``.

The ``audio_task_mock`` fixture (one fake per test session, and so per pytest-xdist worker)
starts the fake on a free loopback port, yields its base URL, e.g. ``http://127.0.0.1:41234``,
and stops it after the session::

    def test_usage(audio_task_mock):
        url = f"{audio_task_mock}/api/v1/account/usage"
        ...

How the fake is started, first found wins:
  1. ``AUDIO_TASK_MOCK_COMMAND``: a command line, e.g. ``./dist-exe/audio-task-mock`` or
     ``node node_modules/audio-task-mock/dist/bin/audio-task-mock.js``;
  2. the standalone executable ``audio-task-mock`` on ``PATH`` (no Node needed);
  3. ``npx --yes audio-task-mock`` (needs Node and npm).
It is configured by the fake's own variables (``AUDIO_TASK_MOCK_SCENARIO=happy-path``,
``AUDIO_TASK_MOCK_SEED``, ...); the port is always a free one. ``start_fake()`` starts one with
other settings, e.g. a scenario per test module.
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import shutil
import signal
import subprocess
import threading
from dataclasses import dataclass, field
from typing import Iterator, Mapping, Optional, Sequence

import pytest

__all__ = ["FakeNotReady", "RunningFake", "audio_task_mock", "fake_command", "start_fake", "world_url"]

READY = re.compile(r"listening on (http://\S+:\d+)(?:\s|$)")
COMMAND_ENV = "AUDIO_TASK_MOCK_COMMAND"


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


def fake_command(env: Mapping[str, str] = os.environ, which=shutil.which) -> list:
    """The command line that starts the fake (see the module's help for the order)."""
    given = env.get(COMMAND_ENV, "").strip()
    if given:
        return shlex.split(given)
    exe = which("audio-task-mock")
    if exe:
        return [exe]
    return ["npx", "--yes", "audio-task-mock"]


def world_url(base: str, worker: str) -> str:
    """The base URL a pytest-xdist worker (``gw0``, ``gw1``...; ``master`` without xdist) uses.

    Today every worker starts its own fake, so this is ``base``. Once the fake serves worlds
    (``/worlds/{name}``), one line gives each worker its own: ``return f"{base}/worlds/{worker}"``.
    """
    return base


def _stop(process: subprocess.Popen, grace: float) -> None:
    if process.poll() is not None:
        return
    try:
        if hasattr(os, "killpg"):
            os.killpg(process.pid, signal.SIGTERM)  # npx, the shell it starts and the fake
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
