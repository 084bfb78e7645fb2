import { asc, eq, or } from 'drizzle-orm';
import type { PersonalDataExport } from '#shared/accounts/personal-data.schema.ts';
import type { Executor } from '../../db/client.ts';
import { complaints } from '../../db/schema/index.ts';
import { findSales } from '../purchases/recorded-sales.ts';
import { evidenceOfComplaints } from './complaint-evidence.ts';

/**
 * The complaints a person filed as a buyer or received as a seller: both texts (each side is shown
 * them), the decision, and the details of the person's own files only, as the pages show them.
 */
export async function complaintsPersonalData(
  executor: Executor,
  userId: string,
): Promise<PersonalDataExport['complaints']> {
  const rows = await executor
    .select()
    .from(complaints)
    .where(or(eq(complaints.buyerId, userId), eq(complaints.sellerId, userId)))
    .orderBy(asc(complaints.createdAt), asc(complaints.id));
  const sold = await findSales(
    executor,
    rows.map((row) => row.saleId),
  );
  const evidence = await evidenceOfComplaints(
    executor,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const role = row.buyerId === userId ? 'buyer' : 'seller';
    const sale = sold.get(row.saleId);
    return {
      id: row.id,
      role,
      saleId: row.saleId,
      listingId: sale?.listingId ?? '',
      eventName: sale?.eventName ?? '',
      reason: row.reason,
      description: row.description,
      filedAt: row.createdAt.toISOString(),
      status: row.status,
      sellerResponse: row.sellerResponse,
      sellerRespondedAt: row.sellerRespondedAt?.toISOString() ?? null,
      resolution:
        row.status !== 'open' && row.resolvedAt
          ? {
              decision: row.status === 'refunded' ? 'refund' : 'reject',
              reason: row.resolutionReason,
              decidedAt: row.resolvedAt.toISOString(),
            }
          : null,
      ownEvidence: (evidence.get(row.id) ?? [])
        .filter((file) => file.party === role)
        .map((file) => ({
          fileName: file.fileName,
          contentType: file.contentType,
          sizeBytes: file.sizeBytes,
          uploadedAt: file.uploadedAt,
        })),
    };
  });
}
