#!/usr/bin/env bash
# Starts a development PostgreSQL from the machine's binaries: data in .tmp/pg, port $PGPORT
# (default 5433), database "exchange". Prints the DATABASE_URL to use. The logic lives in
# cluster.ts, shared with the tests' throwaway clusters.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec node --import tsx infra/postgres/cluster.ts start
