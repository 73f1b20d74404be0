import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Empty,
  List,
  Select,
  Skeleton,
  Space,
  Tag,
  Timeline,
  Typography,
  Upload,
} from 'antd';
import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  MessageOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  detectPersonalData,
  representationMessages as m,
  representeeTypeLabels,
  type Representation,
  type RepresentationStatus,
} from '@planning/shared';
import { ApiError } from '../../../api/client';
import { useAllowList } from '../../../platform/data-protection/useAllowList';
import { ConsentSection } from './ConsentSection';
import { Permitted } from '../../../platform/access/Permitted';
import {
  deleteAttachment,
  downloadAttachment,
  fetchAttachments,
  fetchRepresentation,
  fetchResponses,
  fetchTimeline,
  managerQueryKeys,
  setRepresentationStatus,
  uploadAttachments,
} from '../api';
import { failureText } from '../failureText';
import { formatDate, formatMoment, timelineText } from '../format';
import { DELETE, useManagerAccess, useSettings, WRITE } from '../hooks';
import { managerPath } from '../managerRoutes';
import { detailSearch } from '../tableAddress';
import { editorPath, StatusTag, statusOptions } from '../components/status';

type RepresentationDetailProps = {
  id: string;
  /** A response to show first (the list's `responseId` query parameter). */
  responseId: string | null;
  contactManagement: boolean;
  onClose: () => void;
};

export const responseManagerPath = (representationId: string) =>
  `/consultations/response-manager?representationId=${encodeURIComponent(representationId)}`;
export const subRepresentationEditorPath = (id: string) =>
  `/consultations/sub-representation/${encodeURIComponent(id)}/editor`;

/** Spec 02 §2: a representation's detail view, opened by ?representationId= on the list. */
export function RepresentationDetail({
  id,
  responseId,
  contactManagement,
  onClose,
}: RepresentationDetailProps) {
  const representation = useQuery({
    queryKey: managerQueryKeys.representation(id),
    queryFn: ({ signal }) => fetchRepresentation(id, signal),
  });
  const data = representation.data;
  return (
    <Drawer
      open
      size={720}
      onClose={onClose}
      title={data ? `Representation ${data.reference}` : 'Representation'}
      className="rep-detail"
    >
      {representation.isPending ? (
        <Skeleton active />
      ) : representation.isError ? (
        <Alert
          type="error"
          role="alert"
          showIcon
          title={
            representation.error instanceof ApiError && representation.error.status === 404
              ? m.notFound
              : m.loadRepresentations
          }
        />
      ) : (
        <RepresentationBody
          representation={representation.data}
          responseId={responseId}
          contactManagement={contactManagement}
        />
      )}
    </Drawer>
  );
}

function RepresentationBody({
  representation: r,
  responseId,
  contactManagement,
}: {
  representation: Representation;
  responseId: string | null;
  contactManagement: boolean;
}) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const settings = useSettings();
  const { canWrite } = useManagerAccess();
  const changeStatus = useMutation({
    mutationFn: (status: RepresentationStatus) => setRepresentationStatus([r.id], status),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: managerQueryKeys.all }),
    onError: () => void message.error(m.statusFailed),
  });
  const canChange = canWrite && r.policy.canWrite;
  const representeeLink =
    contactManagement && (r.organisationId || r.contactId)
      ? r.organisationId
        ? `${managerPath('organisations')}?organisationId=${encodeURIComponent(r.organisationId)}`
        : `${managerPath('contacts')}?contactId=${encodeURIComponent(r.contactId!)}`
      : null;
  const agentLink =
    contactManagement && r.agentContactId
      ? `${managerPath('contacts')}?contactId=${encodeURIComponent(r.agentContactId)}`
      : null;

  return (
    <div className="rep-detail__body">
      <div className="rep-detail__head">
        {canChange ? (
          <Space>
            <label htmlFor="rep-detail-status">Status</label>
            <Select<RepresentationStatus>
              id="rep-detail-status"
              value={r.status}
              loading={changeStatus.isPending}
              popupMatchSelectWidth={false}
              options={statusOptions(settings.data)}
              labelRender={({ value }) => (
                <StatusTag status={value as RepresentationStatus} settings={settings.data} />
              )}
              onChange={(status) => changeStatus.mutate(status)}
            />
          </Space>
        ) : (
          <span>
            Status: <StatusTag status={r.status} settings={settings.data} />
          </span>
        )}
        <Space wrap>
          <Link to={editorPath(r.id)}>
            <EditOutlined /> Open in editor
          </Link>
          <Permitted needs={WRITE}>
            <Button
              icon={<MessageOutlined />}
              onClick={() =>
                // The table's parameters kept: closing the drawer shows the table as it was.
                void navigate(
                  managerPath(
                    'all',
                    'new-response',
                    null,
                    detailSearch(searchParams, 'representationId', r.id),
                  ),
                )
              }
            >
              Write a response
            </Button>
          </Permitted>
        </Space>
      </div>

      <Descriptions column={2} size="small" bordered className="rep-detail__facts">
        <Descriptions.Item label="Reference">{r.reference}</Descriptions.Item>
        <Descriptions.Item label="Attitude">{r.attitude ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Event">{r.eventName}</Descriptions.Item>
        <Descriptions.Item label="Correspondence">{r.correspondenceType}</Descriptions.Item>
        <Descriptions.Item label="Letter date">{formatDate(r.letterDate)}</Descriptions.Item>
        <Descriptions.Item label="Received">{formatDate(r.receivedDate)}</Descriptions.Item>
        <Descriptions.Item label="Acknowledged">{formatDate(r.acknowledgementDate)}</Descriptions.Item>
        <Descriptions.Item label="Due">{formatDate(r.dueDate)}</Descriptions.Item>
        <Descriptions.Item label={`Representee (${representeeTypeLabels[r.representeeType]})`}>
          {representeeLink ? <Link to={representeeLink}>{r.representeeName}</Link> : r.representeeName}
        </Descriptions.Item>
        <Descriptions.Item label="Agent">
          {r.agentName ? agentLink ? <Link to={agentLink}>{r.agentName}</Link> : r.agentName : '—'}
        </Descriptions.Item>
        <Descriptions.Item label="Topics" span={2}>
          {r.topics.length ? r.topics.map((topic) => <Tag key={topic.id}>{topic.name}</Tag>) : '—'}
        </Descriptions.Item>
        <Descriptions.Item label="Sites" span={2}>
          {r.siteIds.length
            ? r.siteIds.map((siteId) => (
                <Link key={siteId} to={`/site/${siteId}`} className="rep-detail__site">
                  Site {siteId}
                </Link>
              ))
            : '—'}
        </Descriptions.Item>
      </Descriptions>

      <ConsentSection representation={r} canChange={canChange} />

      <section aria-labelledby="rep-detail-text">
        <h3 id="rep-detail-text">Text as the public will read it</h3>
        <UnredactedWarning representation={r} />
        {r.publicText.trim() ? (
          <Typography.Paragraph className="rep-detail__text">{r.publicText}</Typography.Paragraph>
        ) : (
          <p className="rep-hint">No text yet.</p>
        )}
        <Link to={editorPath(r.id)}>Open the text in the editor</Link>
      </section>

      <section aria-labelledby="rep-detail-subs">
        <h3 id="rep-detail-subs">
          Sub-representations ({r.subRepresentations.filter((sub) => !sub.isDeleted).length})
        </h3>
        {r.subRepresentations.some((sub) => !sub.isDeleted) ? (
          <ul className="rep-detail__list">
            {r.subRepresentations
              .filter((sub) => !sub.isDeleted)
              .map((sub) => (
                <li key={sub.id}>
                  <Link to={subRepresentationEditorPath(sub.id)}>{sub.reference}</Link>{' '}
                  <StatusTag status={sub.status} settings={settings.data} />{' '}
                  <span className="rep-detail__excerpt">{sub.plainText.slice(0, 140)}</span>
                </li>
              ))}
          </ul>
        ) : (
          <p className="rep-hint">None: parts of the text become sub-representations in the editor.</p>
        )}
      </section>

      <Responses representationId={r.id} highlight={responseId} />
      <TimelineSection representationId={r.id} />
      <Attachments representationId={r.id} />
    </div>
  );
}

function Responses({ representationId, highlight }: { representationId: string; highlight: string | null }) {
  const responses = useQuery({
    queryKey: managerQueryKeys.responses(representationId),
    queryFn: ({ signal }) => fetchResponses(representationId, signal),
  });
  return (
    <section aria-labelledby="rep-detail-responses">
      <h3 id="rep-detail-responses">Responses</h3>
      {responses.isError ? (
        <Alert type="error" showIcon title={failureText(responses.error, 'Failed to load the responses')} />
      ) : responses.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : responses.data.length === 0 ? (
        <p className="rep-hint">No responses yet.</p>
      ) : (
        <ul className="rep-detail__list">
          {responses.data.map((response) => (
            <li
              key={response.id}
              className={response.id === highlight ? 'is-highlighted' : undefined}
              aria-current={response.id === highlight || undefined}
            >
              <strong>{response.description}</strong>{' '}
              <span className="rep-hint">{formatMoment(response.updatedAt)}</span>
            </li>
          ))}
        </ul>
      )}
      <Link to={responseManagerPath(representationId)}>Open in the response manager</Link>
    </section>
  );
}

function TimelineSection({ representationId }: { representationId: string }) {
  const timeline = useQuery({
    queryKey: managerQueryKeys.timeline(representationId),
    queryFn: ({ signal }) => fetchTimeline(representationId, signal),
  });
  return (
    <section aria-labelledby="rep-detail-timeline">
      <h3 id="rep-detail-timeline">Timeline</h3>
      {timeline.isError ? (
        <Alert type="error" showIcon title={failureText(timeline.error, 'Failed to load the timeline')} />
      ) : timeline.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Timeline
          items={timeline.data.timeline.map((entry) => ({
            key: entry.id,
            content: (
              <span>
                <strong>{timelineText(entry)}</strong> by {entry.userName}, {formatMoment(entry.createdAt)}
              </span>
            ),
          }))}
        />
      )}
    </section>
  );
}

function Attachments({ representationId }: { representationId: string }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const key = managerQueryKeys.attachments(representationId);
  const attachments = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchAttachments(representationId, signal),
  });
  const upload = useMutation({
    mutationFn: (file: File) => uploadAttachments(representationId, [file]),
    onSuccess: () => {
      void message.success(m.succeeded('attachment uploaded'));
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => void message.error(failureText(error, 'Failed to upload the file')),
  });
  const remove = useMutation({
    mutationFn: (fileId: string) => deleteAttachment(representationId, fileId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
    onError: (error) => void message.error(failureText(error, 'Failed to delete the file')),
  });
  return (
    <section aria-labelledby="rep-detail-attachments">
      <h3 id="rep-detail-attachments">Attachments</h3>
      {attachments.isError ? (
        <Alert
          type="error"
          showIcon
          title={failureText(attachments.error, 'Failed to load the attachments')}
        />
      ) : (
        <List
          size="small"
          loading={attachments.isPending}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No attachments" /> }}
          dataSource={attachments.data?.attachments ?? []}
          renderItem={(file) => (
            <List.Item
              actions={[
                file.downloadPath ? (
                  <Button
                    key="download"
                    size="small"
                    icon={<DownloadOutlined />}
                    aria-label={`Download ${file.name}`}
                    onClick={() =>
                      void downloadAttachment(file.downloadPath!, file.name).catch((error: unknown) =>
                        message.error(failureText(error, 'Failed to download the file')),
                      )
                    }
                  />
                ) : (
                  <Tag key="scan">
                    {file.scanStatus === 'quarantined' ? 'Quarantined' : 'Waiting for the scan'}
                  </Tag>
                ),
                <Permitted key="delete" needs={DELETE}>
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Delete ${file.name}`}
                    loading={remove.isPending && remove.variables === file.id}
                    onClick={() => remove.mutate(file.id)}
                  />
                </Permitted>,
              ]}
            >
              {file.name} <span className="rep-hint">{formatMoment(file.createdAt)}</span>
            </List.Item>
          )}
        />
      )}
      <Permitted needs={WRITE}>
        <Upload
          multiple={false}
          accept=".png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf"
          showUploadList={false}
          customRequest={({ file, onSuccess, onError }) =>
            upload.mutate(file as File, {
              onSuccess: () => onSuccess?.({}),
              onError: (error) => onError?.(error as Error),
            })
          }
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending}>
            Upload a file
          </Button>
        </Upload>
      </Permitted>
    </section>
  );
}

/**
 * What the public reads is the text less its redactions: personal data the officer has not
 * redacted yet would be published (the public outputs hide what the detector finds, but an
 * officer should decide). Says so, with the count, until the editor's suggestions are dealt with.
 */
function UnredactedWarning({ representation }: { representation: Representation }) {
  // Issue 26 point 2: what the council's allow list holds is not counted.
  const allow = useAllowList();
  const { publicText, representeeName, agentName } = representation;
  // Once per text, not on every render of the detail (a long letter costs tens of milliseconds).
  const found = useMemo(() => {
    const names = [representeeName, agentName].filter((name): name is string => !!name);
    return detectPersonalData(publicText, { names, allow }).length;
  }, [publicText, representeeName, agentName, allow]);
  if (found === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="rep-detail__warning"
      message={`${found} possible ${found === 1 ? 'piece' : 'pieces'} of personal data not redacted yet`}
      description={
        <Link to={editorPath(representation.id)}>Review the suggested redactions in the editor</Link>
      }
    />
  );
}
