/** The top admin asks for a read model to be folded again from the first event, beside the one serving. */
export interface RequestProjectionRebuild {
  type: 'RequestProjectionRebuild';
  name: string;
  /** The version the rebuild folds: the one serving now. */
  version: number;
}

export type ProjectionCommand = RequestProjectionRebuild;
