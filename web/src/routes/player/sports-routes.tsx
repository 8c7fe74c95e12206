import { createRoute } from '@tanstack/react-router';
import { comingPage } from '../coming-page';
import { playerLayoutRoute } from './player-layout-route';

export const matchOddsRoute = createRoute({
  getParentRoute: () => playerLayoutRoute,
  path: '/odds/$sportId/$matchId',
  component: comingPage('Match odds', 'Live match odds, bookmaker and fancy markets with the bet slip, score and TV.'),
});
