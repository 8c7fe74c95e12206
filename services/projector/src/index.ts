export { ProjectionRunner, type ProjectionLag, type RunnerLog } from './runner.js';
export type { Projection } from './projection.js';
export { usersProjection, walletsTouched } from './users/projection.js';

import { usersProjection } from './users/projection.js';
/** Every read model of the product, in the order they are started. */
export const allProjections = [usersProjection];
