import { useNavigate } from '@tanstack/react-router';
import { usePageTitle } from '../ui/use-page-title';
import { GameFrame } from './GameFrame';

/** /casino/international: the provider's own lobby in the full-screen frame; EXIT goes to the casino's tiles. */
export function IntlLobbyPage() {
  usePageTitle('International casino lobby');
  const navigate = useNavigate();
  return (
    <GameFrame
      gameId={null}
      name="International casino lobby"
      onExit={() => void navigate({ to: '/casino-int/$type', params: { type: 'all' } })}
    />
  );
}
