import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ComplaintStatusChip } from '#client/components/complaint-status-chip.tsx';
import { Detail, DetailList } from '#client/components/detail-list.tsx';
import { EvidenceLinks } from '#client/components/evidence-links.tsx';
import { complaintsText } from '#client/i18n/fi/complaints.ts';
import { complaintReasonLabels } from '#shared/complaints/complaint-rules.ts';
import type { Complaint, ComplaintRole } from '#shared/complaints/complaints.schema.ts';
import { finnishDateTime } from '#shared/dates.ts';
import { evidenceUrl } from '../complaint-rules.ts';

const t = complaintsText.view;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} component="h2" variant="h5" sx={{ fontWeight: 750, mb: 1.5 }}>
        {title}
      </Typography>
      <Stack sx={{ gap: 1.5 }}>{children}</Stack>
    </Paper>
  );
}

const preserveLines = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

interface Props {
  ticketId: string;
  /** Whose page it is: the buyer's or the seller's. */
  side: ComplaintRole;
  complaint: Complaint;
  /** The seller's answer form, while they may still answer. */
  responseForm?: ReactNode;
}

/**
 * A filed complaint as its buyer or seller sees it: the status, what was claimed, the answer and the
 * decision. Each side gets links to its own files and the number of the other side's.
 */
export function ComplaintDetails({ ticketId, side, complaint, responseForm }: Props) {
  const buyer = side === 'buyer';
  const ownFiles =
    complaint.ownEvidence.length > 0 ? (
      <EvidenceLinks files={complaint.ownEvidence} urlOf={(file) => evidenceUrl(ticketId, file.id)} />
    ) : (
      t.noOwnFiles
    );
  const { sellerResponse, resolution } = complaint;
  return (
    <Stack sx={{ gap: 2 }}>
      <Section id="complaint-title" title={t.title[side]}>
        {!buyer && <Typography>{t.sellerLead}</Typography>}
        <DetailList>
          <Detail label={t.statusLabel}>
            <ComplaintStatusChip status={complaint.status} />
          </Detail>
          <Detail label={t.reasonLabel}>{complaintReasonLabels[complaint.reason]}</Detail>
          <Detail label={t.createdLabel}>{finnishDateTime(new Date(complaint.createdAt))}</Detail>
          <Detail label={t.descriptionLabel}>
            <Box component="span" sx={preserveLines}>
              {complaint.description}
            </Box>
          </Detail>
          {buyer && <Detail label={t.ownFilesLabel}>{ownFiles}</Detail>}
        </DetailList>
        {!buyer && (
          <Typography variant="body2">{t.buyerFilesForSeller(complaint.otherEvidenceCount)}</Typography>
        )}
        {complaint.status === 'open' && <Alert severity="info">{t.openNote[side]}</Alert>}
      </Section>

      {responseForm ?? (
        <Section id="complaint-answer-title" title={buyer ? t.answerTitle : t.ownAnswerTitle}>
          {sellerResponse ? (
            <>
              <Typography sx={preserveLines}>{sellerResponse.text}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t.answeredOn(finnishDateTime(new Date(sellerResponse.respondedAt)))}
              </Typography>
              {buyer
                ? complaint.otherEvidenceCount > 0 && (
                    <Typography variant="body2">
                      {t.sellerFilesForBuyer(complaint.otherEvidenceCount)}
                    </Typography>
                  )
                : complaint.ownEvidence.length > 0 && (
                    <DetailList>
                      <Detail label={t.ownFilesLabel}>{ownFiles}</Detail>
                    </DetailList>
                  )}
            </>
          ) : (
            <Typography>
              {buyer ? (complaint.status === 'open' ? t.noAnswerYet : t.noAnswer) : t.noOwnAnswer}
            </Typography>
          )}
        </Section>
      )}

      {resolution && (
        <Section id="complaint-resolution-title" title={t.resolutionTitle}>
          <Typography sx={{ fontWeight: 600 }}>
            {resolution.decision === 'refund' ? t.refunded[side] : t.rejected[side]}
          </Typography>
          {resolution.reason && (
            <Typography sx={preserveLines}>{t.rejectionReason(resolution.reason)}</Typography>
          )}
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t.resolvedOn(finnishDateTime(new Date(resolution.resolvedAt)))}
          </Typography>
        </Section>
      )}
    </Stack>
  );
}
