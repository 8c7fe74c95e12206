import {
  BettingButtonsBody,
  DEFAULT_CASINO_BUTTONS,
  DEFAULT_SPORTS_BUTTONS,
  type BettingButtons,
  type SqlClient,
} from '@exch/contracts';
import { buttonValues } from '@exch/projector/read';
import { send } from '../http/commands.js';
import { HttpError } from '../http/errors.js';
import { params } from '../http/route.js';
import type { ExchangeDeps } from '../deps.js';

async function buttonsOf(sql: SqlClient, userId: string): Promise<BettingButtons> {
  const row = await buttonValues(sql, userId);
  return row
    ? { sportsButtons: row.sports_buttons, casinoButtons: row.casino_buttons, keepInPlay: row.keep_in_play }
    : { sportsButtons: DEFAULT_SPORTS_BUTTONS, casinoButtons: DEFAULT_CASINO_BUTTONS, keepInPlay: false };
}

/** Quick-stake buttons (SPEC.md section 3, Betting buttons): the defaults until the user saves its own. */
export function buttonRoutes({ sql, commands, route }: ExchangeDeps): void {
  route(
    {
      method: 'GET',
      url: '/api/betting-buttons/:userId',
      access: 'any',
      backOffice: 'own',
      tag: 'Player betting',
      summary: 'Quick-stake buttons (defaults until saved)',
      params: params('userId'),
    },
    async (req, { params: p }) => {
      if (p.userId !== req.auth!.sub) throw new HttpError(403, 'You can only read your own buttons', 'FORBIDDEN');
      return { data: await buttonsOf(sql, req.auth!.sub) };
    },
  );

  route(
    {
      method: 'PUT',
      url: '/api/betting-buttons',
      access: 'player',
      tag: 'Player betting',
      summary: 'Save quick-stake buttons',
      body: BettingButtonsBody,
    },
    async (req, { body }) => {
      await send(commands, req, {
        type: 'SetButtonValues',
        sportsButtons: body.sportsButtons,
        casinoButtons: body.casinoButtons,
        ...(body.keepInPlay === undefined ? {} : { keepInPlay: body.keepInPlay }),
      });
      return {
        message: 'Button values saved',
        data: { sportsButtons: body.sportsButtons, casinoButtons: body.casinoButtons, keepInPlay: body.keepInPlay },
      };
    },
  );
}
