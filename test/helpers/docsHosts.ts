import { connect } from 'node:net';
import { Agent } from 'undici';

/**
 * A dispatcher that sends every request, whatever its host (`https://widgets.readthedocs.io/…`),
 * over plain HTTP to the sandbox at `origin`, keeping the Host header: the sandbox serves docs hosts
 * by Host. Tests only; the network stays on loopback.
 */
export function docsHostsDispatcher(origin: string): Agent {
  const { hostname, port } = new URL(origin);
  return new Agent({
    connect: (_options, callback) => {
      const socket = connect(Number(port), hostname);
      socket.once('connect', () => callback(null, socket));
      socket.once('error', (error) => callback(error, null));
    },
  });
}
