import type { EditUser } from '@exch/contracts';
import { accept, type Decision } from '../decision.js';
import { decideSetPartnership } from './partnership.js';
import type { EngineState } from '../state.js';
import { decideSetCreditReference, decideSetExposureLimit, decideUpdateUserDetails } from './manage.js';

/**
 * The edit form's changes decided together: each rule on its own field, against the same state
 * (none reads another's field), and the first refusal refuses them all.
 */
export function decideEditUser(state: EngineState, c: EditUser, actor: string | null): Decision {
  const parts: Decision[] = [
    ...(c.shareBp === undefined
      ? []
      : [decideSetPartnership(state, { type: 'SetPartnership', userId: c.userId, shareBp: c.shareBp }, actor)]),
    decideUpdateUserDetails(state, { type: 'UpdateUserDetails', userId: c.userId, fullName: c.fullName }, actor),
    decideSetCreditReference(
      state,
      { type: 'SetCreditReference', userId: c.userId, creditReference: c.creditReference },
      actor,
    ),
    decideSetExposureLimit(
      state,
      { type: 'SetExposureLimit', userId: c.userId, exposureLimit: c.exposureLimit },
      actor,
    ),
  ];
  const refused = parts.find((d) => !d.ok);
  return refused ?? accept(...parts.flatMap((d) => (d.ok ? d.events : [])));
}
