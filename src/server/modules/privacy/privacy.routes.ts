import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { personalDataExportSchema } from '#shared/accounts/personal-data.schema.ts';
import { personalDataFileName } from '#shared/accounts/personal-data-file.ts';
import { errorResponses } from '../../http/route-schemas.ts';
import { exportPersonalData } from './personal-data-export.ts';

export async function privacyRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Each download reads every table that holds the person: limited so it cannot be made to load the database.
  api.get(
    '/api/account/data',
    {
      schema: {
        summary: 'Download everything stored about the signed-in user (JSON)',
        description:
          'The personal data export of the profile ("Lataa omat tietosi"): one JSON file, sent as an attachment.',
        response: {
          200: personalDataExportSchema,
          ...errorResponses('unauthenticated', 'resource-exhausted'),
        },
      },
      config: { access: 'signed-in', rateLimit: { max: 5, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const data = await exportPersonalData(app.db, request.user.userId, request.user.sessionHash);
      return reply
        .header('Content-Disposition', `attachment; filename="${personalDataFileName(data.exportedAt)}"`)
        .header('Cache-Control', 'no-store')
        .send(data);
    },
  );
}
