import { type EmbedSection, parseEmbedSection } from '../../models/embed';
import { type CallOptions, Requests, parseWith } from '../requests';

export interface EmbedOptions {
  /** `sphinx` makes the server return whole sections for labels and glossary terms. */
  readonly doctool?: string;
  readonly doctoolversion?: string;
  /** CSS selector of the main content when the URL has no fragment. */
  readonly maincontent?: string;
}

export class EmbedApi {
  constructor(private readonly requests: Requests) {}

  /**
   * The rendered section behind a docs URL. The fragment travels inside the `url` parameter
   * (encoded as %23), and the request carries no token: the endpoint does not accept one.
   */
  section(pageUrl: string, embed: EmbedOptions = {}, options: CallOptions = {}): Promise<EmbedSection> {
    const query = { url: pageUrl, doctool: embed.doctool, doctoolversion: embed.doctoolversion, maincontent: embed.maincontent };
    return this.requests.transport.send({ method: 'GET', path: 'embed/', query, anonymous: true, bodyKind: 'embedHtml', ...options })
      .then((response) => parseWith(response.body, parseEmbedSection, response.request));
  }
}
