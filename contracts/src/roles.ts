/** Role slugs of SPEC.md section 1 and 6, highest first. */
export const ROLE_SLUGS = ['admin', 'super-admin', 'sadmin', 'smdl', 'mdl', 'agent', 'dl', 'user'] as const;
export type RoleSlug = (typeof ROLE_SLUGS)[number];

/**
 * Rank in the hierarchy: a lower number is higher up. admin > sadmin > smdl > mdl > dl > user;
 * super admin sits just under admin and agent beside mdl (SPEC.md lists them apart, this is our reading).
 */
export const ROLE_RANK: Record<RoleSlug, number> = {
  admin: 0,
  'super-admin': 1,
  sadmin: 2,
  smdl: 3,
  mdl: 4,
  agent: 4,
  dl: 5,
  user: 6,
};

/** Display names of SPEC.md section 1. */
export const ROLE_NAME: Record<RoleSlug, string> = {
  admin: 'Admin',
  'super-admin': 'SuperMaster',
  sadmin: 'Sadmin',
  smdl: 'Master',
  mdl: 'Agent',
  agent: 'Agent',
  dl: 'Dealer',
  user: 'USER',
};

export const isRoleSlug = (s: unknown): s is RoleSlug =>
  typeof s === 'string' && (ROLE_SLUGS as readonly string[]).includes(s);
export const isAdminSide = (role: RoleSlug): boolean => role !== 'user';
/**
 * An account may only create roles strictly below its own; an admin may also create admin
 * sub-logins (SPEC.md's Multi login manages the admin and agent logins of a downline).
 */
export const canCreateRole = (creator: RoleSlug, created: RoleSlug): boolean =>
  ROLE_RANK[created] > ROLE_RANK[creator] || (creator === 'admin' && created === 'admin');
