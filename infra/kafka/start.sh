#!/usr/bin/env bash
# Starts a development Kafka broker (KRaft, single node) from Maven Central jars: data in .tmp/kafka, port $KAFKA_PORT (default 9092).
set -euo pipefail
cd "$(dirname "$0")/../.."
exec node --import tsx infra/kafka/broker.ts start
