/** An admin sets (or clears, with null) a match's live TV and score frame URLs (SPEC.md section 2). */
export interface SetMatchStreams {
  type: 'SetMatchStreams';
  matchId: string;
  tvUrl: string | null;
  scoreUrl: string | null;
}
