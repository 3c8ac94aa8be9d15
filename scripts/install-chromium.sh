#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests (driven by playwright-core with
# executablePath /usr/bin/chromium). Does nothing when it is already there.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "install-chromium: /usr/bin/chromium is missing; run as root: apt-get update && apt-get install -y chromium" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version
