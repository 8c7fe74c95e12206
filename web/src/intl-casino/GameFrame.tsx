import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { launchIntl } from '../api/intl-casino-calls';
import { useProfile } from '../api/profile-query';
import { launchBody } from './launch-body';
import '../styles/intl-casino.css';

interface GameFrameProps {
  /** Null: the provider's lobby. */
  gameId: string | null;
  /** Shown until the launch names the game. */
  name: string;
  onExit: () => void;
}

/** Where the site's header ends: the frame fills the screen below it, so the balance stays in view. */
function useHeaderBottom(): number {
  const [bottom, setBottom] = useState(0);
  useEffect(() => {
    const header = document.querySelector('.topbar');
    if (!header) return;
    const measure = () => setBottom(Math.max(0, header.getBoundingClientRect().bottom));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);
  return bottom;
}

/**
 * The game full screen (below the site's header): its name and EXIT on a bar, the provider's page in
 * a frame. Each opening launches afresh, so a frame never reuses another's address.
 */
export function GameFrame({ gameId, name, onExit }: GameFrameProps) {
  const { data: user } = useProfile('user');
  const top = useHeaderBottom();
  const launch = useQuery({
    queryKey: ['intl-launch', gameId],
    queryFn: () => launchIntl(gameId, launchBody(user!)),
    enabled: user !== undefined,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onExit();
    window.addEventListener('keydown', onKey);
    document.body.classList.add('intl-frame-open');
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.classList.remove('intl-frame-open');
    };
  }, [onExit]);
  const title = launch.data?.data.gameName ?? name;
  return (
    <div className="intl-frame" role="dialog" aria-label={title} style={{ top }}>
      <div className="intl-frame-bar">
        <b className="intl-frame-title" data-testid="game-frame-title">
          {title}
        </b>
        <button type="button" className="btn btn-danger btn-sm" onClick={onExit} data-testid="game-exit">
          EXIT
        </button>
      </div>
      {launch.data ? (
        <iframe className="intl-frame-game" src={launch.data.data.url} title={title} allow="fullscreen" />
      ) : (
        <div className="intl-frame-wait">{launch.isError ? launch.error.message : 'Opening the game…'}</div>
      )}
    </div>
  );
}
