#!/bin/sh
# Run redis-server as redis in /data, out of protected mode as the official image runs it:
# with no configuration file and no password, protected mode refuses every client that is
# not on loopback, which is every other container of the compose network.
set -eu
mkdir -p /data
chown redis:redis /data
cd /data
if [ "${1:-}" = redis-server ]; then
    shift
    exec setpriv --reuid=redis --regid=redis --init-groups redis-server --protected-mode no "$@"
fi
exec "$@"
