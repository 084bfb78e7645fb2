import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ApiErrorBody, type ApiFieldIssue, defaultErrorMessages } from '#shared/errors.ts';
import { AppError } from '../app-error.ts';

const malformedBodyMessage = 'Pyynnön sisältö puuttuu tai on väärän muotoinen';

/** One place that turns every failure into the API's error shape; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(errorBody(error.code, error.message, error.issues));
    }
    if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'params') {
      // A malformed id in the path names nothing: "not found", in the schema's own words.
      const message = error.validation[0]?.message ?? defaultErrorMessages['not-found'];
      return reply.status(404).send(errorBody('not-found', message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: ApiFieldIssue[] = error.validation.map((issue) => {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        // An issue without a path is about the whole body: missing, null, a list, plain text.
        if (!path) return { path, message: malformedBodyMessage };
        return { path, message: issue.message ?? defaultErrorMessages['invalid-argument'] };
      });
      return reply
        .status(400)
        .send(
          errorBody(
            'invalid-argument',
            issues[0]?.message ?? defaultErrorMessages['invalid-argument'],
            issues,
          ),
        );
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send(errorBody('resource-exhausted', defaultErrorMessages['resource-exhausted']));
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, a body too large, a wrong content type: the client's fault, said plainly.
      request.log.info({ err: error }, 'rejected request');
      return reply
        .status(status)
        .send(errorBody(status === 404 ? 'not-found' : 'invalid-argument', defaultMessage(status)));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('internal', defaultErrorMessages.internal));
  });
}

function defaultMessage(status: number): string {
  if (status === 404) return defaultErrorMessages['not-found'];
  if (status === 413) return 'Lähetetty tieto on liian suuri';
  if (status === 415) return 'Tätä tiedostomuotoa ei tueta';
  return defaultErrorMessages['invalid-argument'];
}

export function errorBody(code: string, message: string, issues?: ApiFieldIssue[]): ApiErrorBody {
  return { error: issues ? { code, message, issues } : { code, message } };
}
