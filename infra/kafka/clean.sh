#!/usr/bin/env bash
# Stops the development Kafka broker and removes its data.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec node --import tsx infra/kafka/broker.ts clean
