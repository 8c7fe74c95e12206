/** A back-office account's partnership share from this point of the log on (basis points). */
export interface PartnershipSet {
  userId: string;
  /** The upline whose own part is what it holds less this. */
  parentId: string;
  shareBp: number;
}

export interface PartnershipEventData {
  PartnershipSet: PartnershipSet;
}
