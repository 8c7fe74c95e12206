import type { RoleSlug } from '@exch/contracts';

// The rows of the partnership read model (rm_partnership_shares, each share set with its log position;
// DDL in ./projection.ts) as its queries (./queries.ts) return them.

/** A back-office account of a tree with its parent's name and its share in force (null: none set). */
export interface ShareTreeRow {
  user_id: string;
  username: string;
  role: RoleSlug;
  parent_id: string | null;
  parent_username: string | null;
  share_bp: number | null;
  set_at: Date | string | null;
  depth: number;
}
