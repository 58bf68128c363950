#!/bin/sh
# Make the cluster at the first start, as the official image does: the superuser
# POSTGRES_USER with POSTGRES_PASSWORD (scram-sha-256 over TCP from any address, trust on
# the local socket), and the database POSTGRES_DB. Then run the command as postgres.
set -eu
: "${POSTGRES_USER:=postgres}"
: "${POSTGRES_DB:=$POSTGRES_USER}"
mkdir -p "$PGDATA" /var/run/postgresql
chown postgres:postgres "$PGDATA" /var/run/postgresql
chmod 700 "$PGDATA"

as_postgres() {
    setpriv --reuid=postgres --regid=postgres --init-groups "$@"
}

if [ ! -s "$PGDATA/PG_VERSION" ]; then
    : "${POSTGRES_PASSWORD:?the first start needs POSTGRES_PASSWORD}"
    password_file=$(mktemp)
    printf '%s\n' "$POSTGRES_PASSWORD" > "$password_file"
    chown postgres "$password_file"
    as_postgres initdb --username="$POSTGRES_USER" --pwfile="$password_file" \
        --auth-local=trust --auth-host=scram-sha-256 --encoding=UTF8 >/dev/null
    rm -f "$password_file"
    echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
    # The image leaves LLVM out (it is large, and every vfs layer copies it).
    printf "listen_addresses = '*'\njit = off\n" >> "$PGDATA/postgresql.conf"
    if [ "$POSTGRES_DB" != postgres ]; then
        echo "CREATE DATABASE \"$POSTGRES_DB\"" | as_postgres postgres --single postgres >/dev/null
    fi
fi

if [ "${1:-}" = postgres ]; then
    exec setpriv --reuid=postgres --regid=postgres --init-groups "$@"
fi
exec "$@"
