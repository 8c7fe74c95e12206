export {
  connectKafka,
  ensureTopics,
  partitionCount,
  type BusLog,
  type KafkaSettings,
  type TopicSpec,
} from './client.js';
export { OrderedProducer, type OutMessage } from './producer.js';
export { DEFAULT_LIVENESS, GroupConsumer, type GroupLiveness, type GroupOptions, type InRecord } from './group.js';
export { BrokerCheck, TopicEnds } from './admin.js';
export type { Kafka } from 'kafkajs';
