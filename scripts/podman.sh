#!/usr/bin/env bash
# podman as this project runs it (Debian's, as root): with runc and cgroupfs, since crun fails on
# these machines' hybrid cgroups. The program is AUDIO_TASK_MOCK_PODMAN if set (as for the tests:
# test/support/system-tools.ts), else podman; PODMAN=COMMAND replaces the whole command line
# (e.g. with --root and --runroot for a store of its own). Without systemd, podman says on every start of a container
# with a health check that it cannot set the check's timer; `podman healthcheck run` works. (Not
# filtered here: a filter's pipe would be inherited by conmon, which outlives this command.)
#   bash scripts/podman.sh ARGS...
set -euo pipefail
program="${AUDIO_TASK_MOCK_PODMAN:-podman}"
if [ "$program" = none ]; then
  echo "podman.sh: AUDIO_TASK_MOCK_PODMAN=none, but this step needs podman" >&2
  exit 1
fi
podman=(${PODMAN:-$program --runtime runc --cgroup-manager=cgroupfs})
exec "${podman[@]}" "$@"
