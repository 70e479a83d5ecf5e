import { createReadStream } from 'node:fs';
import { randomBytes } from 'node:crypto';

/** One file part after the fields of a `multipart/form-data` body. */
export interface MultipartFile {
  /** The form field's name (`file` for a presigned POST). */
  readonly field: string;
  readonly path: string;
  readonly filename: string;
  readonly contentType: string;
  readonly size: number;
}

export interface MultipartBody {
  readonly contentType: string;
  readonly length: number;
  /** The body, the file read from disk in chunks as it is sent (memory does not grow with its size). */
  chunks(signal: AbortSignal): AsyncGenerator<Buffer>;
}

/**
 * A `multipart/form-data` body of text fields (in the order given: a presigned POST's policy
 * fields must precede the file) and one file streamed from disk, with its exact length (storage
 * hosts want a Content-Length). Names are escaped as the HTML standard escapes them (`"`, CR, LF).
 */
export function multipartBody(fields: readonly (readonly [string, string])[], file: MultipartFile): MultipartBody {
  const boundary = `----readthedocs-vscode-${randomBytes(12).toString('hex')}`;
  const head = Buffer.from([
    ...fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(name)}"\r\n\r\n${value}\r\n`),
    `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(file.field)}"; filename="${escapeName(file.filename)}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
  ].join(''), 'utf8');
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + file.size + tail.length,
    async *chunks(signal) {
      yield head;
      for await (const chunk of createReadStream(file.path, { signal, highWaterMark: 256 * 1024 })) yield chunk as Buffer;
      yield tail;
    },
  };
}

function escapeName(name: string): string {
  return name.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');
}
