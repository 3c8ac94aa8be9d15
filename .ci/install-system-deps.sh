#!/usr/bin/env bash
# Installs the Debian packages the tests use, when missing: Chromium (the browser tests drive
# /usr/bin/chromium through playwright-core, never a downloaded browser build), nginx (the worlds
# sharding test), Python's pytest and venv (the pytest fixture's tests), and podman with runc and
# debootstrap (the container step, .ci/container.sh: podman runs with runc here, crun fails on
# these hybrid cgroups; debootstrap makes the image's base). Does nothing when
# all are there; run as root otherwise (CI and this project's machines are).
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/sbin/nginx ] || missing+=(nginx-light)
/usr/bin/python3 -c 'import pytest' 2>/dev/null || missing+=(python3-pytest)
/usr/bin/python3 -c 'import ensurepip' 2>/dev/null || missing+=(python3-venv)
[ -x /usr/bin/podman ] || missing+=(podman)
[ -x /usr/sbin/runc ] || missing+=(runc)
[ -x /usr/sbin/debootstrap ] || missing+=(debootstrap)
if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "install-system-deps: missing ${missing[*]}; run as root: apt-get update && apt-get install -y ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
echo "install-system-deps: installed ${missing[*]}" >&2
