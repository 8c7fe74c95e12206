/** Typed failures that cross package boundaries. Each carries a stable code and a message a person can read. */
export class WrongExpectedVersionError extends Error {
  readonly code = 'WRONG_EXPECTED_VERSION';
  constructor(
    readonly streamId: string,
    readonly expected: string,
    readonly actual: number,
  ) {
    super(`Stream ${streamId} is at version ${actual}, expected ${expected}`);
    this.name = 'WrongExpectedVersionError';
  }
}

export class StaleEpochError extends Error {
  readonly code = 'STALE_EPOCH';
  constructor(
    readonly epoch: number,
    readonly current: number,
  ) {
    super(`Writer epoch ${epoch} was deposed by epoch ${current}`);
    this.name = 'StaleEpochError';
  }
}

/** A business refusal decided by the engine (DESIGN.md rule 7). */
export interface Refusal {
  code: string;
  message: string;
}

export class EngineUnavailableError extends Error {
  readonly code = 'ENGINE_UNAVAILABLE';
  constructor(message = 'The engine is restarting, please try again') {
    super(message);
    this.name = 'EngineUnavailableError';
  }
}

/** Every error the API returns has this shape. */
export interface ApiError {
  statusCode: number;
  error: string;
  message: string;
  code?: string;
}
