import { type BuildLog, parseBuildLog } from '../../models/buildLog';
import { type CallOptions, Requests, parseWith } from '../requests';

/**
 * Build logs through API v2 (v3 has no commands or output). Sent without the token: v2 does not
 * accept it, so only public builds answer; a private one is a 404 (its log is only in the dashboard).
 */
export class BuildLogsApi {
  constructor(private readonly requests: Requests) {}

  async get(buildId: number, options: CallOptions = {}): Promise<BuildLog> {
    const response = await this.requests.transport.send({
      method: 'GET',
      path: new URL(`../v2/build/${encodeURIComponent(String(buildId))}/`, this.requests.transport.apiRoot).href,
      anonymous: true,
      bodyKind: 'buildLog',
      ...options,
    });
    return parseWith(response.body, parseBuildLog, response.request);
  }
}
