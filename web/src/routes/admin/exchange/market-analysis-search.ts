import { readText, searchValidator } from '../../../ui/list-search';

/** Market and match analysis's search in the URL (?q=). Apart from the lazy page, for its routes. */
export const marketAnalysisSearch = searchValidator<{ q?: string }>({ q: readText });
