// Follows a file that another process appends to, handing new text to `onText`.
import { Buffer } from 'node:buffer';
import { open } from 'node:fs/promises';
import { clearInterval, setInterval } from 'node:timers';

export function tailFile(path, onText, intervalMs = 200) {
  let offset = 0;
  let stopped = false;
  let reading = Promise.resolve();
  const readMore = async () => {
    let handle;
    try {
      handle = await open(path, 'r');
    } catch {
      return; // not created yet
    }
    try {
      for (;;) {
        const buffer = Buffer.alloc(64 * 1024);
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
        if (bytesRead === 0) break;
        offset += bytesRead;
        onText(buffer.subarray(0, bytesRead).toString('utf8'));
      }
    } finally {
      await handle.close();
    }
  };
  const timer = setInterval(() => { reading = reading.then(readMore); }, intervalMs);
  return {
    /** Stops following after reading what is left. */
    async stop() {
      if (stopped) return reading;
      stopped = true;
      clearInterval(timer);
      reading = reading.then(readMore);
      return reading;
    },
  };
}
