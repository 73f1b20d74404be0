import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Progress } from 'antd';
import { exportMessages } from '@planning/shared';
import { ApiError, downloadFile } from '../../api/client';
import { fetchExportStatus } from './api';

const POLL_MS = 2_000;
const FINISHED = new Set(['succeeded', 'failed', 'cancelled']);

/**
 * A background export followed on the export screen itself, and its file collected here: the
 * notifications bell is not there for a council with notifications off.
 */
export function ExportJobStatus({ jobId }: { jobId: string }) {
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const status = useQuery({
    queryKey: ['site-export', jobId],
    queryFn: ({ signal }) => fetchExportStatus(jobId, signal),
    refetchInterval: (query) => (query.state.data && FINISHED.has(query.state.data.status) ? false : POLL_MS),
  });
  const job = status.data;

  if (status.isError)
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        message={status.error instanceof ApiError ? status.error.message : exportMessages.failed}
      />
    );
  if (job?.status === 'failed' || job?.status === 'cancelled')
    return <Alert type="error" showIcon role="alert" message={exportMessages.failed} />;
  if (job?.status === 'succeeded') {
    if (!job.download) return <Alert type="warning" showIcon message={exportMessages.expired} />;
    const { url, name } = job.download;
    return (
      <Alert
        type="success"
        showIcon
        message={`${exportMessages.ready}: ${name}`}
        description={
          <>
            <Button
              type="primary"
              onClick={() => {
                setDownloadError(null);
                downloadFile(url, name).catch((error: unknown) =>
                  setDownloadError(error instanceof ApiError ? error.message : exportMessages.failed),
                );
              }}
            >
              {exportMessages.download}
            </Button>
            {downloadError && <div role="alert">{downloadError}</div>}
          </>
        }
      />
    );
  }
  const percent =
    job && job.progress.total > 0 ? Math.floor((job.progress.done / job.progress.total) * 100) : 0;
  return (
    <Alert
      type="info"
      showIcon
      message={exportMessages.background}
      description={<Progress percent={percent} size="small" aria-label="Export progress" />}
    />
  );
}
