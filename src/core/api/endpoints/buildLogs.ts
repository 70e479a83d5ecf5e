import { type BuildLog, parseBuildLog } from '../../logs/buildLog';
import { type CallOptions, Requests, parseWith } from '../requests';

/**
 * Largest build log accepted (the JSON of `/api/v2/build/<id>/`). Cold storage keeps 1,000,000
 * characters per command, so a real log with a dozen commands stays well below this.
 * (To move beside the other named body limits of core/api.)
 */
export const LOG_BODY_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * Build logs through API v2 (v3 has no commands or output). Sent without the token: v2 does not
 * accept it, so only public builds answer; a private one is a 404 (its log is only in the dashboard).
 */
export class BuildLogsApi {
  constructor(private readonly requests: Requests) {}

  async get(buildId: number, options: CallOptions = {}): Promise<BuildLog> {
    const response = await this.requests.transport.send({
      method: 'GET',
      path: `../v2/build/${encodeURIComponent(String(buildId))}/`,
      anonymous: true,
      maxBodyBytes: LOG_BODY_LIMIT_BYTES,
      ...options,
    });
    return parseWith(response.body, parseBuildLog, response.request);
  }
}
