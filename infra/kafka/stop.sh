#!/usr/bin/env bash
# Stops the development Kafka broker started by start.sh; its data in .tmp/kafka is kept.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec node --import tsx infra/kafka/broker.ts stop
