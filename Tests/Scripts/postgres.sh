#!/usr/bin/env bash
# Starts (or stops) a private PostgreSQL server on loopback for Segue's tests, from Debian's
# `postgresql` package (installed when missing and when running as root).
#
#   eval "$(Tests/Scripts/postgres.sh start)"   # exports SEGUE_PG_DIR, SEGUE_PG_PORT, SEGUE_TEST_POSTGRES_URL
#   Tests/Scripts/postgres.sh pause|resume "$SEGUE_PG_DIR"   # take the database down, bring it back
#   Tests/Scripts/postgres.sh stop "$SEGUE_PG_DIR"
set -euo pipefail

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }

case "${1:-start}" in
start)
    BIN="$(find_bin)"
    if [ -z "$BIN" ]; then
        if [ "$(id -u)" = 0 ]; then
            (apt-get install -y postgresql >/dev/null 2>&1 || { apt-get update >/dev/null 2>&1 && apt-get install -y postgresql >/dev/null 2>&1; }) >&2
            BIN="$(find_bin)"
        fi
        [ -n "$BIN" ] || { echo "postgres.sh: PostgreSQL is not installed (apt-get install postgresql)" >&2; exit 1; }
    fi
    DIR="$(mktemp -d /tmp/segue-pg-XXXXXX)"
    PORT="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
    RUN=()
    if [ "$(id -u)" = 0 ]; then chown postgres "$DIR"; RUN=(runuser -u postgres --); fi
    "${RUN[@]}" "$BIN/initdb" -D "$DIR/data" -U postgres --auth=trust -E UTF8 >"$DIR/initdb.log" 2>&1
    echo "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=200" >"$DIR/options"
    "${RUN[@]}" "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 -o "$(cat "$DIR/options")" start >&2
    echo "export SEGUE_PG_DIR=$DIR SEGUE_PG_PORT=$PORT SEGUE_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
pause|resume)  # stop the server (a database that is down) or start it again, same port and data
    DIR="${2:?postgres.sh pause|resume DIR}"
    BIN="$(find_bin)"
    RUN=()
    if [ "$(id -u)" = 0 ]; then RUN=(runuser -u postgres --); fi
    if [ "$1" = pause ]; then
        "${RUN[@]}" "$BIN/pg_ctl" -D "$DIR/data" -m immediate -w -t 30 stop >&2
    else
        "${RUN[@]}" "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 -o "$(cat "$DIR/options")" start >&2
    fi
    ;;
stop)
    DIR="${2:?postgres.sh stop DIR}"
    BIN="$(find_bin)"
    RUN=()
    if [ "$(id -u)" = 0 ]; then RUN=(runuser -u postgres --); fi
    "${RUN[@]}" "$BIN/pg_ctl" -D "$DIR/data" -m immediate -w -t 30 stop >&2 || true
    rm -rf "$DIR"
    ;;
esac
