import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { LoadingSpinner, RetryAlert } from '#client/components/query-states.tsx';
import { adminText } from '#client/i18n/fi/admin.ts';
import type { AuditEntry } from '#shared/admin/admin.schema.ts';
import { finnishDateTime } from '#shared/dates.ts';
import { useAuditLog } from '../api/get-audit-log.ts';

const t = adminText.audit;

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return t.emptyValue;
  if (typeof value !== 'string') return JSON.stringify(value);
  return isoInstant.test(value) ? finnishDateTime(new Date(value)) : value;
}

/** Each field the action changed, 'field: before → after'. */
function changes(entry: AuditEntry): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => t.change(field, shown(before[field]), shown(after[field])));
}

function Entry({ entry }: { entry: AuditEntry }) {
  const lines = changes(entry);
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 0.25 }}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
        <Typography sx={{ fontWeight: 700 }}>{t.actions[entry.action]}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {finnishDateTime(new Date(entry.at))}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {entry.admin ? (entry.admin.username ?? entry.admin.email) : t.operator(entry.operator ?? '')}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {t.entities[entry.entityType] ?? entry.entityType}{' '}
        {entry.entityType === 'listing' ? (
          <Link component={RouterLink} to={`/liput/${entry.entityId}`} sx={{ fontFamily: 'monospace' }}>
            {entry.entityId}
          </Link>
        ) : (
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {entry.entityId}
          </Box>
        )}
      </Typography>
      {lines.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          {lines.map((line) => (
            <Typography component="li" variant="body2" key={line} sx={{ overflowWrap: 'anywhere' }}>
              {line}
            </Typography>
          ))}
        </Box>
      )}
    </Paper>
  );
}

/**
 * 'Tapahtumaloki': who of the admins did what to which record, and what changed, newest first.
 * Read only: the log is written by the server with each action.
 */
export function AuditLogTab() {
  const log = useAuditLog();
  if (log.isPending) {
    return <LoadingSpinner label={t.loading} />;
  }
  if (log.isError) {
    return <RetryAlert onRetry={() => void log.refetch()}>{t.loadFailed}</RetryAlert>;
  }
  return (
    <Box component="section" aria-labelledby="admin-audit-title">
      <Typography component="h2" id="admin-audit-title" sx={{ fontSize: '1.3rem', fontWeight: 750 }}>
        {t.title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t.intro}
      </Typography>
      {log.data.length === 0 ? (
        <Typography>{t.empty}</Typography>
      ) : (
        <Stack component="ol" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1 }}>
          {log.data.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
