import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadingSpinner, RetryAlert } from '#client/components/query-states.tsx';
import { adminText } from '#client/i18n/fi/admin.ts';
import type { BackgroundJob } from '#shared/admin/jobs.schema.ts';
import { finnishDateTime } from '#shared/dates.ts';
import { useBackgroundJobs } from '../api/get-background-jobs.ts';
import { FailedRefundsAlert } from './failed-refunds-alert.tsx';

const t = adminText.jobs;

type Outcome = keyof typeof t.outcome | 'attention';

// Soft backgrounds with dark text of the same hue, as the payout chips: at least 4.5:1.
const outcomeColours: Record<Outcome, { bgcolor: string; color: string }> = {
  ok: { bgcolor: '#e2f1e3', color: '#1b5e20' },
  failed: { bgcolor: '#fbe5e3', color: '#a3191b' },
  running: { bgcolor: '#e1edf9', color: '#0b4582' },
  none: { bgcolor: '#ece7e2', color: '#4a3c30' },
  attention: { bgcolor: '#a3191b', color: '#ffffff' },
};

const outcomeLabel = (outcome: Outcome) =>
  outcome === 'attention' ? t.attentionOutcome : t.outcome[outcome];

function outcomeOf(job: BackgroundJob): Outcome {
  // What a job gave up on outweighs how its last run went: it stays until a person handles it.
  if (job.needsAttention > 0) return 'attention';
  const started = job.lastStartedAt ? Date.parse(job.lastStartedAt) : null;
  const finished = job.lastFinishedAt ? Date.parse(job.lastFinishedAt) : null;
  if (started !== null && (finished === null || finished < started)) return 'running';
  return job.lastOutcome ?? 'none';
}

const when = (iso: string | null) => (iso ? finnishDateTime(new Date(iso)) : t.never);

function JobCard({ job }: { job: BackgroundJob }) {
  const outcome = outcomeOf(job);
  const rows: [string, string][] = [
    [t.lastStarted, when(job.lastStartedAt)],
    [t.lastFinished, when(job.lastFinishedAt)],
    [t.nextRun, when(job.nextRunAt)],
    [t.failures, String(job.failuresLast24h)],
    ...(job.needsAttention > 0 ? [[t.needsAttention, String(job.needsAttention)] as [string, string]] : []),
  ];
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 1.5, display: 'grid', gap: 0.75 }}
      aria-label={t.labels[job.name] ?? job.name}
    >
      <Stack
        direction="row"
        sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Box>
          <Typography sx={{ fontWeight: 700 }}>{t.labels[job.name] ?? job.name}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t.every(job.everyMinutes)}
          </Typography>
        </Box>
        <Chip
          size="small"
          label={outcomeLabel(outcome)}
          sx={{ ...outcomeColours[outcome], fontWeight: 650 }}
        />
      </Stack>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { xs: 'auto 1fr', sm: 'repeat(4, auto 1fr)' },
          columnGap: 1.5,
          rowGap: 0.25,
          '& dt': { color: 'text.secondary', fontSize: '0.875rem' },
          '& dd': { m: 0, fontSize: '0.875rem' },
        }}
      >
        {rows.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
      </Box>
      {job.needsAttention > 0 && (
        <Typography variant="body2" sx={{ color: '#a3191b', fontWeight: 650 }}>
          {(t.attention[job.name] ?? t.attentionDefault)(job.needsAttention)}
        </Typography>
      )}
      {job.lastError && (
        <Typography variant="body2" sx={{ color: '#a3191b', overflowWrap: 'anywhere' }}>
          {t.lastError}: {job.lastError}
        </Typography>
      )}
    </Paper>
  );
}

/**
 * 'Taustatyöt': the server's scheduled jobs with their last run, failures of the past day and
 * next run, whichever server process ran them. Read only.
 */
export function BackgroundJobsTab() {
  const jobs = useBackgroundJobs();
  if (jobs.isPending) {
    return <LoadingSpinner label={t.loading} />;
  }
  if (jobs.isError) {
    return <RetryAlert onRetry={() => void jobs.refetch()}>{t.loadFailed}</RetryAlert>;
  }
  return (
    <Box component="section" aria-labelledby="admin-jobs-title">
      <Typography component="h2" id="admin-jobs-title" sx={{ fontSize: '1.3rem', fontWeight: 750 }}>
        {t.title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t.intro}
      </Typography>
      {!jobs.data.running && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t.notRunning}
        </Alert>
      )}
      <FailedRefundsAlert />
      <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1 }}>
        {jobs.data.jobs.map((job) => (
          <JobCard key={job.name} job={job} />
        ))}
      </Stack>
    </Box>
  );
}
