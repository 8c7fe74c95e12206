export interface MatchStreamsSet {
  matchId: string;
  tvUrl: string | null;
  scoreUrl: string | null;
}

export interface StreamEventData {
  MatchStreamsSet: MatchStreamsSet;
}
