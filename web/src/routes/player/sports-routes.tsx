import { createRoute } from '@tanstack/react-router';
import { MatchPage } from './MatchPage';
import { playerLayoutRoute } from './player-layout-route';

export const matchOddsRoute = createRoute({
  getParentRoute: () => playerLayoutRoute,
  path: '/odds/$sportId/$matchId',
  component: MatchPage,
});
