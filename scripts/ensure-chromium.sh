#!/usr/bin/env bash
# Playwright drives Debian's Chromium (its own browser download cannot work on these machines).
# Installs it with apt when no Chromium is found; prints the path it found.
set -euo pipefail
for c in "${CHROMIUM_PATH:-}" /usr/bin/chromium /usr/bin/chromium-browser; do
  if [ -n "$c" ] && [ -x "$c" ]; then echo "$c"; exit 0; fi
done
echo "No Chromium found: installing Debian's chromium package…" >&2
if [ "$(id -u)" = "0" ]; then SUDO=""; else SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >&2
$SUDO apt-get install -y -qq chromium fonts-dejavu-core >&2
echo /usr/bin/chromium
