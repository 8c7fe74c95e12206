import { useQuery } from '@tanstack/react-query';
import type { MatchStreams } from '@exch/contracts';
import { fetchMatchStreams } from '../api/stream-calls';
import '../styles/streams.css';

/** A match's frames, asked again every minute (the server re-checks a page that said 'Invalid Event ID'). */
export function useMatchStreams(matchId: string): MatchStreams {
  const streams = useQuery({
    queryKey: ['match-streams', matchId],
    queryFn: () => fetchMatchStreams('user', matchId),
    refetchInterval: 60_000,
    retry: false,
  });
  return streams.data ?? { tv: null, score: null };
}

/** One framed page of another origin (allowed by the Content-Security-Policy's frame-src), sandboxed. */
export function StreamFrame({
  url,
  kind,
  title,
}: {
  url: string;
  kind: 'tv' | 'tv-mobile' | 'score' | 'score-soccer';
  title: string;
}) {
  return (
    <iframe
      className={`stream-frame stream-${kind}`}
      src={url}
      title={title}
      sandbox="allow-scripts allow-same-origin allow-presentation"
      referrerPolicy="no-referrer"
      allow="autoplay; fullscreen"
    />
  );
}
