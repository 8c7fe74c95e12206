import { readOneOf, readText, searchValidator } from '../../../ui/list-search';

/**
 * /admin/event-management's view in the URL: ?view=settled (open when left out), ?q= (the match or
 * market searched). Apart from the lazy page, for its route.
 */
export interface EventManagementSearch {
  view?: 'settled';
  q?: string;
}

export const eventManagementSearch = searchValidator<EventManagementSearch>({
  view: readOneOf(['settled'] as const),
  q: readText,
});
