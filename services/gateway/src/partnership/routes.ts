import { parseInstant, PartnershipBody, PartnershipQuery, ROLE_NAME, type PartnershipRow } from '@exch/contracts';
import { shareOf, shareTree } from '@exch/projector/read';
import type { AccountDeps } from '../deps.js';
import { downlineRow } from '../accounts/downline.js';
import { checkTransactionPassword } from '../accounts/transaction-password.js';
import { send } from '../http/commands.js';
import { params } from '../http/route.js';
import { viewedAccount } from '../accounts/viewed.js';

/**
 * Partnership shares (docs/reports.md): set one on a back-office account of the downline, and list
 * the shares of the downline now or at a past moment (the latest PartnershipSet at or before it).
 */
export function partnershipRoutes({ sql, commands, throttle, route }: AccountDeps): void {
  route(
    {
      method: 'PUT',
      url: '/api/users/:id/partnership',
      access: { admin: 'create-client' },
      tag: 'Clients',
      summary:
        "Set a downline back-office account's partnership share (percent; never above its upline's, never below its children's)",
      params: params('id'),
      body: PartnershipBody,
    },
    async (req, { params: p, body }) => {
      const target = await downlineRow(sql, req.auth!.sub, p.id);
      await checkTransactionPassword(sql, throttle, req, body.transactionPassword);
      const { events } = await send(commands, req, {
        type: 'SetPartnership',
        userId: target.user_id,
        shareBp: body.share,
      });
      const set = events.find((e) => e.type === 'PartnershipSet');
      return {
        message: 'Partnership share updated',
        share: (set ? (set.data as { shareBp: number }).shareBp : body.share) / 100,
      };
    },
  );

  route(
    {
      method: 'GET',
      url: '/api/partnership',
      access: { admin: 'view-clients' },
      tag: 'Clients',
      summary:
        'Partnership shares of the caller (or parent) and its back-office downline at any depth, now or as of at (ISO 8601 with a zone)',
      query: PartnershipQuery,
    },
    async (req, { query: q }): Promise<{ at: string | null; data: PartnershipRow[] }> => {
      const viewed = await viewedAccount(sql, req.auth!.sub, q.parent);
      const at = q.at ? parseInstant(q.at)!.toISOString() : null;
      const rows = await shareTree(sql, viewed.user_id, at);
      const bp = new Map(rows.map((r) => [r.user_id, r.parent_id === null ? 10_000 : (r.share_bp ?? 0)]));
      const parentShare = async (parentId: string | null): Promise<number> => {
        if (parentId === null) return 10_000;
        const known = bp.get(parentId);
        if (known !== undefined) return known;
        const up = await shareOf(sql, parentId, at);
        return up?.parent_id === null ? 10_000 : (up?.share_bp ?? 0);
      };
      const data: PartnershipRow[] = [];
      for (const r of rows) {
        data.push({
          userId: r.user_id,
          username: r.username,
          role: { slug: r.role, name: ROLE_NAME[r.role] },
          parentUsername: r.parent_username,
          share: bp.get(r.user_id)! / 100,
          parentShare: (await parentShare(r.parent_id)) / 100,
          setAt: r.set_at ? new Date(r.set_at).toISOString() : null,
        });
      }
      return { at, data };
    },
  );
}
