import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  type ApiErrorBody,
  type ApiFieldIssue,
  type ErrorCode,
  errorMessages,
  requestProblemMessages,
} from '#shared/errors.ts';
import { AppError } from '../app-error.ts';

/** One place that turns every failure into the API's error shape; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(errorBody(error.code, error.message, error.issues));
    }
    if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'params') {
      // A malformed id in the path names nothing: "not found", in the schema's own words.
      const message = error.validation[0]?.message ?? errorMessages['not-found'];
      return reply.status(404).send(errorBody('not-found', message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: ApiFieldIssue[] = error.validation.map((issue) => {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        // An issue without a path is about the whole body: missing, null, a list, plain text.
        if (!path) return { path, message: requestProblemMessages.malformedBody };
        return { path, message: issue.message ?? errorMessages['invalid-argument'] };
      });
      return reply
        .status(400)
        .send(errorBody('invalid-argument', issues[0]?.message ?? errorMessages['invalid-argument'], issues));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(errorBody('resource-exhausted', errorMessages['resource-exhausted']));
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, a body too large, a wrong content type: the client's fault, said plainly.
      request.log.info({ err: error }, 'rejected request');
      return reply
        .status(status)
        .send(errorBody(status === 404 ? 'not-found' : 'invalid-argument', defaultMessage(status)));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('internal', errorMessages.internal));
  });
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs (a path
 * parameter longer than it takes, a path that is not valid percent-encoding). Such a path names
 * nothing, so it is "not found" in the API's shape and words, as a malformed id is.
 */
export function answerRouterError(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(404).send(errorBody('not-found', errorMessages['not-found']));
}

function defaultMessage(status: number): string {
  if (status === 404) return errorMessages['not-found'];
  if (status === 413) return requestProblemMessages.tooLarge;
  if (status === 415) return requestProblemMessages.unsupportedMediaType;
  return errorMessages['invalid-argument'];
}

export function errorBody(code: ErrorCode, message: string, issues?: ApiFieldIssue[]): ApiErrorBody {
  return { error: issues ? { code, message, issues } : { code, message } };
}
