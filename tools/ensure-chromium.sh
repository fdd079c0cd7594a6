#!/usr/bin/env bash
# Make sure Debian's Chromium is at /usr/bin/chromium, for the browser tests
# (Playwright drives it; its own browser download is not used). Installs the
# package when it is missing; quiet when it is already there.
set -euo pipefail

CHROMIUM=/usr/bin/chromium
[ -x "$CHROMIUM" ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
    SUDO=()
elif command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
else
    echo "ensure-chromium: $CHROMIUM is missing and this is not root (and there is no sudo);" >&2
    echo "ensure-chromium: install it with: apt-get install chromium" >&2
    exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "ensure-chromium: $CHROMIUM is missing and there is no apt-get to install it" >&2
    exit 1
fi

echo "ensure-chromium: installing Debian's chromium (under a minute)..."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
export DEBIAN_FRONTEND=noninteractive
apt_install() {
    "${SUDO[@]}" apt-get install -y -q --no-install-recommends chromium >>"$log" 2>&1
}
# The package lists may be missing or stale on a fresh machine: update once, retry.
if ! apt_install; then
    if ! { "${SUDO[@]}" apt-get update -q >>"$log" 2>&1 && apt_install; }; then
        tail -n 30 "$log" >&2
        echo "ensure-chromium: could not install chromium with apt-get (log above)" >&2
        exit 1
    fi
fi
if [ ! -x "$CHROMIUM" ]; then
    echo "ensure-chromium: chromium was installed but $CHROMIUM is still missing" >&2
    exit 1
fi
echo "ensure-chromium: $("$CHROMIUM" --version 2>/dev/null || echo chromium) installed"
