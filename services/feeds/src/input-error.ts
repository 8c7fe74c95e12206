/**
 * A feed setting, or a file one names, that cannot be used: the message names the setting, or the
 * file with its line or entry. `npm start` and the distributed engine print it and exit, no stack.
 */
export class FeedInputError extends Error {
  override readonly name = 'FeedInputError';
}
