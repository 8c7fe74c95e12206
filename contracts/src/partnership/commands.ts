/**
 * An upline sets a back-office account's partnership share: the part of its downline's profit and
 * loss that the account and everything below it carry (docs/reports.md). In basis points: 10000 is 100%.
 */
export interface SetPartnership {
  type: 'SetPartnership';
  userId: string;
  shareBp: number;
}

export type PartnershipCommand = SetPartnership;
