#!/usr/bin/env bash
# podman as this project runs it (Debian's, as root): with runc and cgroupfs, since crun fails on
# these machines' hybrid cgroups. PODMAN=COMMAND replaces that command line (e.g. with --root and
# --runroot for a store of its own). Without systemd, podman says on every start of a container
# with a health check that it cannot set the check's timer; `podman healthcheck run` works. (Not
# filtered here: a filter's pipe would be inherited by conmon, which outlives this command.)
#   bash scripts/podman.sh ARGS...
set -euo pipefail
podman=(${PODMAN:-podman --runtime runc --cgroup-manager=cgroupfs})
exec "${podman[@]}" "$@"
