import type { IntlCatalogueDto, ProviderGame, ProviderPort } from '@exch/contracts';
import { HttpError } from '../http/errors.js';

const FRESH_MS = 60_000;

/**
 * The provider's game list, fetched through its port and kept a minute. Wallet calls only ever read
 * what is kept (a name for the statement): a slow or absent catalogue never holds up a stake or a win.
 */
export class ProviderCatalogue {
  private kept: { games: ProviderGame[]; at: number } | null = null;
  private loading: Promise<ProviderGame[]> | null = null;

  constructor(readonly port: ProviderPort) {}

  async games(): Promise<ProviderGame[]> {
    if (this.kept && Date.now() - this.kept.at < FRESH_MS) return this.kept.games;
    try {
      return await this.load();
    } catch {
      if (this.kept) return this.kept.games;
      throw new HttpError(503, 'The game provider is not answering, please try again', 'PROVIDER_UNAVAILABLE');
    }
  }

  /** A listed game's name, or its id while the list is not at hand (it is fetched for next time). */
  nameOf(gameId: string): string {
    if (!this.kept) void this.load().catch(() => {});
    return this.kept?.games.find((g) => g.gameId === gameId)?.name ?? gameId;
  }

  async dto(): Promise<IntlCatalogueDto> {
    const games = await this.games();
    const categories: IntlCatalogueDto['categories'] = [];
    for (const g of games) {
      let c = categories.find((x) => x.name === g.category);
      if (!c) categories.push((c = { name: g.category, subCategories: [] }));
      if (!c.subCategories.includes(g.subCategory)) c.subCategories.push(g.subCategory);
    }
    return {
      providers: [{ id: this.port.id, name: this.port.name }],
      categories,
      games: games.map((g) => ({
        gameId: g.gameId,
        name: g.name,
        category: g.category,
        subCategory: g.subCategory,
        description: g.description,
        provider: this.port.id,
        providerName: this.port.name,
        rtp: g.rtpBp / 100,
      })),
    };
  }

  private load(): Promise<ProviderGame[]> {
    this.loading ??= this.port.games().then(
      (games) => {
        this.kept = { games, at: Date.now() };
        this.loading = null;
        return games;
      },
      (err: unknown) => {
        this.loading = null;
        throw err;
      },
    );
    return this.loading;
  }
}
