import { useParams } from '@tanstack/react-router';
import { ComingCard } from '../ui/ComingCard';
import { usePageTitle } from '../ui/use-page-title';

/** A route component for a page a later issue builds: its title, one line about it, and the route's parameters. */
export function comingPage(title: string, blurb: string) {
  return function ComingPage() {
    const params = useParams({ strict: false }) as Record<string, string | undefined>;
    usePageTitle(title);
    return <ComingCard title={title} blurb={blurb} params={params} />;
  };
}
