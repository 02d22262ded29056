#!/usr/bin/env bash
# The store's tests start their own throwaway PostgreSQL server from Debian's binaries
# (tests/postgres_server.py); without them those tests are skipped, and pytest says so.
set -euo pipefail
if compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || command -v initdb >/dev/null 2>&1; then
    exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's postgresql for the store's tests..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    exit 0
fi
echo "PostgreSQL's binaries are missing (sudo apt-get install postgresql): its tests will be skipped" >&2
