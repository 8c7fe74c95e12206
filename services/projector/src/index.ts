export { ProjectionRunner, type ProjectionLag, type RunnerLog } from './runner.js';
export type { Projection } from './projection.js';
export { walletsTouched, walletOwner, postingsOf } from './wallets.js';

import { activityProjection } from './activity/projection.js';
import { ledgerProjection } from './ledger/projection.js';
import { usersProjection } from './users/projection.js';

export { activityProjection, ledgerProjection, usersProjection };
/** Every read model of the product, in the order they are started. */
export const allProjections = [usersProjection, ledgerProjection, activityProjection];
