import { useQuery } from '@tanstack/react-query';
import { fetchNewsMessage } from '../api/betting-calls';

/** The news line under the player's menu (admin messages): hidden while there is none. */
export function NewsLine() {
  const news = useQuery({
    queryKey: ['news-message'],
    queryFn: () => fetchNewsMessage('user'),
    refetchInterval: 60_000,
  });
  const text = news.data?.data.text.trim();
  if (!text) return null;
  return (
    <div className="news-line" role="status" data-testid="news-line">
      <span className="news-line-label">News</span>
      <span className="news-line-track">
        <span className="news-line-text">{text}</span>
      </span>
    </div>
  );
}
