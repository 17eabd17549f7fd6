import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import { AppError } from '../errors.ts';
import { errorBody } from './error-body.ts';

/**
 * Errors Node's HTTP parser raises before any route runs (oversized headers, a request that took
 * too long, unparseable bytes). Fastify's default answers them with a body of its own; Prosa
 * answers with the spec's error object like everywhere else, then closes the connection.
 */
function appErrorFor(code: string | undefined): AppError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new AppError(
        431,
        'headers_too_large',
        'The request headers are too large.',
        'Send fewer or shorter headers (cookies included); the limit is 16 KB.',
      );
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new AppError(408, 'request_timeout', 'The request was not received in time.', 'Send the whole request promptly; retry on a working connection.');
    default:
      return new AppError(400, 'bad_request', 'The request could not be parsed as HTTP.', 'Send a well-formed HTTP/1.1 request.');
  }
}

export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const e = appErrorFor(err.code);
    const body = JSON.stringify(errorBody(e));
    socket.write(
      `HTTP/1.1 ${e.status} ${STATUS_CODES[e.status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
