#!/usr/bin/env bash
# Stops the development PostgreSQL started by start.sh; its data in .tmp/pg is kept.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec node --import tsx infra/postgres/cluster.ts stop
