import { type Edition } from '../api/client';
import { errorDetail } from '../api/describeError';
import { type Logger, componentLogger } from '../log';
import { type EmbedService, embedFailureReason } from './embedService';
import { SectionHoverCache, failureHoverMarkdown } from './hoverContent';

export interface SectionHoverDeps {
  readonly service: Pick<EmbedService, 'section'>;
  /** The host of an edition's embed endpoint, named when it cannot be reached. */
  readonly hostOf: (edition: Edition) => string | undefined;
  readonly logger: Logger;
  readonly texts?: SectionHoverCache;
}

/**
 * How a published section shows in a hover, the same for a docs link and a cross-reference: the
 * section as safe Markdown, converted once per cached section, or one sentence saying why not
 * (worded and redacted by `describeError`); then "Open preview" and "Open in browser" for a web
 * address only. One instance serves both hovers, so they share the conversions.
 */
export class SectionHover {
  private readonly texts: SectionHoverCache;
  private readonly logger: Logger;

  constructor(private readonly deps: SectionHoverDeps) {
    this.texts = deps.texts ?? new SectionHoverCache();
    this.logger = componentLogger(deps.logger, 'embed');
  }

  /** The hover Markdown of `pageUrl`'s section from `edition`; undefined when the caller gave up (`signal` aborted). */
  async markdown(pageUrl: string, edition: Edition, signal: AbortSignal): Promise<string | undefined> {
    try {
      const { section } = await this.deps.service.section(pageUrl, edition, signal);
      return this.texts.textOf(pageUrl, section);
    } catch (error) {
      const reason = embedFailureReason(error, this.deps.hostOf(edition));
      if (reason === undefined || signal.aborted) return undefined;
      this.logger.debug(`no section for ${pageUrl}: ${errorDetail(error)}`);
      return failureHoverMarkdown(pageUrl, reason);
    }
  }
}
