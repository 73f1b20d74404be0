import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Modal, Space, Spin, Tag, Tooltip, Typography, Upload } from 'antd';
import {
  DeleteOutlined,
  DownloadOutlined,
  EyeOutlined,
  ReloadOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  canPreview,
  checkUploadSelection,
  fileMessages,
  formatFileSize,
  uploadAccept,
  type SiteFile,
} from '@planning/shared';
import { ApiError } from '../../api/client';
import { Permitted } from '../../platform/access/Permitted';
import {
  deleteSiteFile,
  downloadSiteFile,
  fetchPreview,
  fetchSiteFiles,
  fileQueryKeys,
  rescanFile,
  uploadSiteFiles,
} from './api';
import './files.css';

const write = [{ unit: 'sites', action: 'write' }] as const;
const remove = [{ unit: 'sites', action: 'delete' }] as const;
/** How often the list is asked again while a scan is under way. */
const SCAN_POLL_MS = 3000;

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status !== 0 ? error.message : fallback;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** Spec 01 §4: files are marked clean, unscanned or quarantined; what each means for the user. */
function ScanStatus({ file }: { file: SiteFile }) {
  switch (file.scannedStatus) {
    case 'clean':
      return (
        <Tag color="green" className="file-status file-status--clean">
          Clean
        </Tag>
      );
    case 'quarantined':
      return (
        <Tooltip title={fileMessages.quarantinedNote}>
          <Tag color="red" className="file-status file-status--quarantined">
            Quarantined
          </Tag>
          <span className="visually-hidden">{fileMessages.quarantinedNote}</span>
        </Tooltip>
      );
    case 'fail':
      return (
        <>
          <Tag color="orange" className="file-status file-status--fail">
            Scan failed
          </Tag>
          <Typography.Text type="secondary" className="file-row__note">
            {fileMessages.scanFailed}
          </Typography.Text>
        </>
      );
    default:
      return (
        <>
          <Tag color="gold" className="file-status file-status--unscanned">
            Unscanned
          </Tag>
          <Typography.Text type="secondary" className="file-row__note">
            {file.scannerConfigured ? fileMessages.waitingForScan : fileMessages.noScanner}
          </Typography.Text>
        </>
      );
  }
}

/** An image in a modal, fetched by a fresh signed link (spec 01 §5: png, jpg, jpeg, svg, webp). */
function PreviewModal({ file, onClose }: { file: SiteFile; onClose: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchPreview(file, controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch((cause: unknown) => {
        if (!controller.signal.aborted) setError(messageOf(cause, fileMessages.loadMultimediaFailed));
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [file]);
  return (
    <Modal
      open={file !== null}
      title={file?.name}
      onCancel={onClose}
      footer={null}
      width={768}
      destroyOnHidden
    >
      <div className="file-preview">
        {error ? (
          <Typography.Text type="danger">{error}</Typography.Text>
        ) : url ? (
          <img src={url} alt={`Preview of ${file.name}`} className="file-preview__image" />
        ) : (
          <Spin tip="Loading preview">
            <div className="file-preview__placeholder" />
          </Spin>
        )}
      </div>
    </Modal>
  );
}

/** Issue 12: the site's files: upload, list with scan status, preview, download and delete. */
export function FilesPanel({ siteId }: { siteId: string }) {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [previewing, setPreviewing] = useState<SiteFile | null>(null);
  const files = useQuery({
    queryKey: fileQueryKeys.siteFiles(siteId),
    queryFn: ({ signal }) => fetchSiteFiles(siteId, signal),
    // While a scan is under way, its outcome shows without a reload.
    refetchInterval: (query) =>
      query.state.data?.files.some(
        (file) =>
          file.scannerConfigured && (file.scannedStatus === 'unscanned' || file.scannedStatus === 'fail'),
      )
        ? SCAN_POLL_MS
        : false,
  });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: fileQueryKeys.siteFiles(siteId) });
    void client.invalidateQueries({ queryKey: fileQueryKeys.siteTimeline(siteId) });
  };
  const upload = useMutation({
    mutationFn: (chosen: File[]) => uploadSiteFiles(siteId, chosen),
    onSuccess: (answer) => {
      void message.success(fileMessages.uploaded(answer.files.length));
      refresh();
    },
    onError: (error) => void message.error(messageOf(error, fileMessages.filesEmpty)),
  });
  const removeFile = useMutation({
    mutationFn: (file: SiteFile) => deleteSiteFile(siteId, file.metadata.id),
    onSuccess: () => {
      void message.success(fileMessages.deleted);
      refresh();
    },
    onError: (error) => void message.error(messageOf(error, fileMessages.deleteFailed)),
  });
  const rescan = useMutation({
    mutationFn: (file: SiteFile) => rescanFile(file),
    onSuccess: () => {
      void message.success(fileMessages.scanQueued);
      refresh();
    },
    onError: (error) => void message.error(messageOf(error, fileMessages.scanFailed)),
  });
  const download = useMutation({
    mutationFn: (file: SiteFile) => downloadSiteFile(file),
    onError: (error) => void message.error(messageOf(error, fileMessages.downloadFailed)),
  });

  const handleChosen = (chosen: File[]) => {
    const problem = checkUploadSelection(chosen);
    if (problem) {
      void message.error(fileMessages[problem]);
      return;
    }
    upload.mutate(chosen);
  };
  const handleDelete = (file: SiteFile) =>
    modal.confirm({
      title: 'Delete file',
      content: fileMessages.deleteConfirm(file.name),
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: () => removeFile.mutateAsync(file),
    });

  const list = files.data?.files ?? [];
  return (
    <section className="files-panel" aria-label="Files">
      <div className="files-panel__actions">
        <Permitted needs={write}>
          <Upload
            multiple
            accept={uploadAccept}
            showUploadList={false}
            // All files chosen at once go in one upload, checked first by the same rules as the server's.
            beforeUpload={(file, chosen) => {
              if (file === chosen[chosen.length - 1]) handleChosen(chosen);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />} loading={upload.isPending}>
              Upload files
            </Button>
          </Upload>
        </Permitted>
        <Typography.Text type="secondary">{fileMessages.uploadHint}</Typography.Text>
      </div>
      {files.isPending ? (
        <Spin />
      ) : files.error ? (
        <Typography.Text type="danger">{messageOf(files.error, fileMessages.noFilesFound)}</Typography.Text>
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={fileMessages.noFilesFound} />
      ) : (
        <ul className="files-list">
          {list.map((file) => {
            const previewable = canPreview({ name: file.name, contentType: file.metadata.contentType });
            return (
              <li key={file.metadata.id} className="file-row" data-status={file.scannedStatus}>
                <div className="file-row__main">
                  <span className="file-row__name">{file.name}</span>
                  <ScanStatus file={file} />
                </div>
                <div className="file-row__meta">
                  <span>{formatFileSize(file.metadata.size)}</span>
                  <time dateTime={file.metadata.timeCreated}>{when(file.metadata.timeCreated)}</time>
                  <span>{file.uploadedBy.name}</span>
                </div>
                <Space size="small" className="file-row__actions">
                  {previewable && file.canDownload && (
                    <Button
                      size="small"
                      icon={<EyeOutlined />}
                      aria-label={`Preview ${file.name}`}
                      onClick={() => setPreviewing(file)}
                    >
                      Preview
                    </Button>
                  )}
                  {!file.canDownload && (
                    // Why it cannot be fetched, at the control a person would reach for.
                    <Tooltip
                      title={
                        file.scannedStatus === 'quarantined'
                          ? fileMessages.quarantinedNote
                          : fileMessages.downloadError(fileMessages.notScanned)
                      }
                    >
                      <span className="not-permitted" tabIndex={0}>
                        <Button
                          size="small"
                          icon={<DownloadOutlined />}
                          disabled
                          aria-label={`Download ${file.name}`}
                        >
                          Download
                        </Button>
                      </span>
                    </Tooltip>
                  )}
                  {file.canDownload && (
                    <Button
                      size="small"
                      icon={<DownloadOutlined />}
                      aria-label={`Download ${file.name}`}
                      loading={download.isPending && download.variables?.metadata.id === file.metadata.id}
                      onClick={() => download.mutate(file)}
                    >
                      Download
                    </Button>
                  )}
                  {file.scannedStatus === 'fail' && (
                    <Permitted needs={write}>
                      <Button
                        size="small"
                        icon={<ReloadOutlined />}
                        aria-label={`Scan ${file.name} again`}
                        loading={rescan.isPending && rescan.variables?.metadata.id === file.metadata.id}
                        onClick={() => rescan.mutate(file)}
                      >
                        Scan again
                      </Button>
                    </Permitted>
                  )}
                  <Permitted needs={remove}>
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`Delete ${file.name}`}
                      onClick={() => handleDelete(file)}
                    >
                      Delete
                    </Button>
                  </Permitted>
                </Space>
              </li>
            );
          })}
        </ul>
      )}
      {previewing && (
        // One modal per file (keyed), so a new preview never shows the last one's image.
        <PreviewModal key={previewing.metadata.id} file={previewing} onClose={() => setPreviewing(null)} />
      )}
    </section>
  );
}
