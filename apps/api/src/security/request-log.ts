import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { logSerializers, redactUrl } from './log-redaction';

/**
 * What a served request writes to the log: one line when it is answered — method, URL without its
 * secrets, status and time — instead of Fastify's two (one on arrival with the socket's address and
 * port, one on the answer), each built by the serializers. At the default level (`info`) the two
 * lines were 4–21 % of the API's CPU (issue 41); errors keep their full line.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { method: request.method, url: redactUrl(request.url), statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime) };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.info({ method: request.method, url: redactUrl(request.url) }, 'route not found');
  }
}

/**
 * The logging options of the app's Fastify servers (the API and the web front): whatever logger the
 * caller gives, URLs and errors are logged without secrets, one line per request.
 */
export function serverLogging(logger: FastifyServerOptions['logger']): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (logger === false || logger === undefined) return { logger: false };
  const base = logger === true ? {} : logger;
  return {
    logger: { ...base, serializers: { ...logSerializers, ...(base.serializers ?? {}) } } as FastifyServerOptions['logger'],
    logController: new OneLinePerRequest(),
  };
}
