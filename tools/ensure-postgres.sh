#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests, private to this checkout.
#
#   tools/ensure-postgres.sh          start it (or reuse it) and print its URL
#   tools/ensure-postgres.sh --stop   stop it (the data stays, for a restart)
#
# Installs Debian's postgresql when the server binaries are missing, keeps a
# cluster under var/pg-test/ (trust auth, 127.0.0.1 only, a free port, no
# unix socket, no fsync), creates the database sushigo_test and prints one
# line on stdout, the URL:
#   postgresql+psycopg://postgres@127.0.0.1:PORT/sushigo_test
# Everything else goes to stderr. Run as root (as in CI), the cluster belongs
# to the postgres system user, since PostgreSQL refuses to run as root.
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
DB=sushigo_test
say() { echo "ensure-postgres: $*" >&2; }
die() { say "$*"; exit 1; }

# --- who runs the server ------------------------------------------------------
if [ "$(id -u)" -eq 0 ]; then
    SUDO=()
    as_owner() { (cd / && runuser -u postgres -- "$@"); }
elif command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
    as_owner() { "$@"; }
else
    SUDO=()
    as_owner() { "$@"; }
fi

# --- the server binaries ------------------------------------------------------
find_bindir() {
    local d
    d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    [ -n "$d" ] && [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && echo "$d"
}
BINDIR=$(find_bindir || true)
if [ -z "$BINDIR" ]; then
    [ "$(id -u)" -eq 0 ] || [ ${#SUDO[@]} -gt 0 ] \
        || die "the PostgreSQL server is not installed and this is not root: apt-get install postgresql"
    command -v apt-get >/dev/null 2>&1 || die "the PostgreSQL server is not installed and there is no apt-get"
    say "installing Debian's postgresql (a minute or so)..."
    log=$(mktemp)
    export DEBIAN_FRONTEND=noninteractive
    apt_install() { "${SUDO[@]}" apt-get install -y -q --no-install-recommends postgresql >>"$log" 2>&1; }
    # The package lists may be missing or stale on a fresh machine: update once, retry.
    if ! apt_install && ! { "${SUDO[@]}" apt-get update -q >>"$log" 2>&1 && apt_install; }; then
        tail -n 30 "$log" >&2
        die "could not install postgresql with apt-get (log above)"
    fi
    rm -f "$log"
    BINDIR=$(find_bindir || true)
    [ -n "$BINDIR" ] || die "postgresql was installed but no server is under /usr/lib/postgresql/*/bin"
fi
VERSION=$(basename "$(dirname "$BINDIR")")

# --- where the cluster lives ----------------------------------------------------
# var/pg-test/ in the checkout; as root it must be owned by postgres, and if
# postgres cannot reach it (a checkout under /root, say), a directory in /tmp
# named after the checkout is used instead.
BASE=${SUSHIGO_PG_DIR:-$REPO/var/pg-test}
prepare_base() {
    mkdir -p "$1" || return 1
    if [ "$(id -u)" -eq 0 ]; then
        getent passwd postgres >/dev/null || die "running as root, but there is no postgres user to own the cluster"
        chown postgres:postgres "$1" && as_owner test -w "$1" -a -x "$1"
    fi
}
if ! prepare_base "$BASE" 2>/dev/null; then
    BASE=/tmp/sushigo-pg-test-$(printf %s "$REPO" | cksum | cut -d' ' -f1)
    prepare_base "$BASE" || die "cannot prepare a directory for the cluster ($BASE)"
fi
BASE=$(cd "$BASE" && pwd)
DATA=$BASE/data
LOG=$BASE/server.log

# The running server of this cluster, if any: prints its port.
running_port() {
    local pidfile=$DATA/postmaster.pid pid port
    [ -f "$pidfile" ] || return 1
    pid=$(sed -n 1p "$pidfile")
    port=$(sed -n 4p "$pidfile")
    [ -n "$pid" ] && [ -n "$port" ] || return 1
    # The pid may be stale and reused by another process after a restart.
    [ -r "/proc/$pid/cmdline" ] && tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q postgres || return 1
    "$BINDIR/pg_isready" -q -h 127.0.0.1 -p "$port" -U postgres -d postgres || return 1
    echo "$port"
}

if [ "${1:-}" = "--stop" ]; then
    if running_port >/dev/null; then
        as_owner "$BINDIR/pg_ctl" -D "$DATA" -m fast -w stop >/dev/null
        say "stopped the server in $DATA"
    fi
    exit 0
fi
[ $# -eq 0 ] || die "usage: $0 [--stop]"

# --- the cluster ----------------------------------------------------------------
if [ -f "$DATA/PG_VERSION" ] && [ "$(cat "$DATA/PG_VERSION")" != "$VERSION" ]; then
    say "the cluster in $DATA is of PostgreSQL $(cat "$DATA/PG_VERSION"), the server is $VERSION: starting afresh"
    running_port >/dev/null && as_owner "$BINDIR/pg_ctl" -D "$DATA" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$DATA"
fi
if [ ! -f "$DATA/PG_VERSION" ]; then
    # None yet, or an initdb that was cut short.
    rm -rf "$DATA"
    if ! out=$(as_owner "$BINDIR/initdb" -D "$DATA" -U postgres -A trust -E UTF8 --no-locale \
                 --no-sync --no-instructions 2>&1); then
        echo "$out" >&2
        rm -rf "$DATA"
        die "initdb failed (output above)"
    fi
    cat >>"$DATA/postgresql.conf" <<'CONF'

# tools/ensure-postgres.sh: a throwaway cluster for the tests.
listen_addresses = '127.0.0.1'
unix_socket_directories = ''
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 200
CONF
fi

# --- the server -----------------------------------------------------------------
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
if ! PORT=$(running_port); then
    # A server left from before a restart leaves a stale postmaster.pid behind.
    rm -f "$DATA/postmaster.pid"
    started=
    for _ in 1 2 3; do
        PORT=$(free_port)
        if as_owner "$BINDIR/pg_ctl" -D "$DATA" -l "$LOG" -o "-p $PORT" -w -t 60 start >/dev/null 2>&1 \
           && running_port >/dev/null; then
            started=1
            break
        fi
    done
    if [ -z "$started" ]; then
        tail -n 30 "$LOG" >&2 2>/dev/null || true
        die "the server in $DATA would not start (log above, in $LOG)"
    fi
fi

# --- the database ---------------------------------------------------------------
PSQL=("$BINDIR/psql" -X -q -h 127.0.0.1 -p "$PORT" -U postgres -d postgres -v ON_ERROR_STOP=1)
if [ "$("${PSQL[@]}" -tAc "SELECT 1 FROM pg_database WHERE datname = '$DB'")" != 1 ]; then
    "${PSQL[@]}" -c "CREATE DATABASE $DB" >/dev/null
fi

echo "postgresql+psycopg://postgres@127.0.0.1:$PORT/$DB"
