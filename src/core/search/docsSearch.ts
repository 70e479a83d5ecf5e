import { RequestBudget } from '../api/budget';
import { type Edition, type ReadTheDocsClient } from '../api/client';
import { CancelledError, EditionUnavailableError } from '../api/errors';
import { parseWith } from '../api/requests';
import { type Clock } from '../util/clock';
import { SEARCH_PAGE_SIZE, type SearchScope, buildSearchQuery } from './query';
import { type SearchPage, parseSearchResponse } from './results';

/** The Search API's own throttle (FACTS §18), separate from the 60/minute of the rest of API v3. */
export const SEARCH_REQUESTS_PER_MINUTE = 100;

export interface DocsSearchOptions {
  readonly clientOf: (edition: Edition) => ReadTheDocsClient | undefined;
  readonly clock?: Clock;
}

/**
 * `/api/v3/search/` of an edition: every request waits for the search throttle's budget and then
 * goes through the client (the shared budget, the token on the API origin only).
 */
export class DocsSearch {
  private readonly budgets = new Map<Edition, RequestBudget>();

  constructor(private readonly options: DocsSearchOptions) {}

  async search(edition: Edition, text: string, scope: SearchScope, signal?: AbortSignal, page = 1): Promise<SearchPage> {
    const client = this.options.clientOf(edition);
    if (!client) throw new EditionUnavailableError(edition);
    let release: () => void;
    try {
      release = await this.budgetOf(edition).acquire('user', signal);
    } catch {
      throw new CancelledError();
    }
    try {
      const query = { q: buildSearchQuery(text, scope), page, page_size: SEARCH_PAGE_SIZE };
      const response = await client.transport.send({ method: 'GET', path: 'search/', query, signal, priority: 'user' });
      return parseWith(response.body, parseSearchResponse, response.request);
    } finally {
      release();
    }
  }

  dispose(): void {
    for (const budget of this.budgets.values()) budget.dispose();
    this.budgets.clear();
  }

  private budgetOf(edition: Edition): RequestBudget {
    let budget = this.budgets.get(edition);
    if (!budget) this.budgets.set(edition, budget = new RequestBudget(SEARCH_REQUESTS_PER_MINUTE, this.options.clock));
    return budget;
  }
}
