/**
 * Where a stream's events go on Kafka (distributed mode). The relay sets the partition itself,
 * rather than leaving it to the client library's partitioner, so that a gateway waiting for a
 * read model (read-your-writes) knows which partition's checkpoint to watch.
 * One stream always maps to one partition, so its events stay in order.
 */
export const EVENTS_TOPIC = 'exchange.events';

/** FNV-1a (32 bit) of the stream id, modulo the partition count. */
export function partitionOf(streamId: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < streamId.length; i++) {
    hash ^= streamId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % partitions;
}
