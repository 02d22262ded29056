#!/usr/bin/env bash
# The browser tests drive Debian's chromium (Playwright's own download does not work here).
set -euo pipefail
if command -v chromium >/dev/null 2>&1 || [ -x "${CHROMIUM_PATH:-/usr/lib/chromium/chromium}" ]; then
    exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's chromium for the browser tests..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    exit 0
fi
cat >&2 <<'MSG'
The browser tests need Chromium. Install it, then run `make test` again:
    sudo apt-get install chromium        (Debian, Ubuntu)
or point CHROMIUM_PATH at a Chromium or Chrome binary.
MSG
exit 1
