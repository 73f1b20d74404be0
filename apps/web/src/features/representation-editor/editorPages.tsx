// The representation editor (spec 02 §2 "Representation editor"), fetched as one chunk with TipTap.
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Result, Spin, Tag } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import {
  consultationMessages,
  docFromPlainText,
  representationMessages,
  statusColours,
  type EditorNode,
  type Representation,
  type RepresentationStatus,
  type SubRepresentation,
} from '@planning/shared';
import { ApiError } from '../../api/client';
import { useTenant } from '../../platform/tenant/TenantContext';
import {
  createSubRepresentation,
  editorQueryKeys,
  fetchKnownNames,
  fetchRepresentation,
  fetchSubRepresentation,
  updateRepresentation,
  updateSubRepresentation,
} from './api';
import { EditorWorkspace } from './components/EditorWorkspace';
import { Panel } from './components/SidePanels';
import './representationEditor.css';

const editorPath = (representationId: string) =>
  `/consultations/representations/editor?representationId=${encodeURIComponent(representationId)}`;
const subEditorPath = (id: string) => `/consultations/sub-representation/${encodeURIComponent(id)}/editor`;

/** Spec 02 §8 "Generic screen: 'Error occurred' with message and 'Try again'". */
function ErrorScreen({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message =
    error instanceof ApiError ? error.message : error instanceof Error ? error.message : String(error);
  return (
    <Result
      status="error"
      title="Error occurred"
      subTitle={message}
      extra={
        <Button type="primary" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}

function Loading({ what }: { what: string }) {
  return (
    <div className="page page--centred" role="status" aria-label={`Loading the ${what}`}>
      <Spin />
    </div>
  );
}

function StatusTag({ status }: { status: RepresentationStatus }) {
  return (
    <Tag color={statusColours[status]} variant="solid" className="rep-status">
      {status}
    </Tag>
  );
}

/** The text to edit: the saved document, or the text as received for one never edited. */
const contentOf = (content: unknown, fallback: string): EditorNode =>
  content && typeof content === 'object' && (content as EditorNode).type === 'doc'
    ? (content as EditorNode)
    : docFromPlainText(fallback);

/** The detector's known names for a representation (issue 15 point 4), read once per opening. */
function useKnownNames(representation: Representation | undefined) {
  const names = useQuery({
    queryKey: editorQueryKeys.knownNames(representation?.id ?? ''),
    queryFn: ({ signal }) => fetchKnownNames(representation!, signal),
    enabled: !!representation,
    staleTime: Infinity,
    retry: false,
  });
  if (names.isError) return [];
  return names.data;
}

const openingQuery = {
  // Read afresh on opening; after that the editor owns the text and nothing replaces it under
  // the officer.
  refetchOnMount: 'always',
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const;

/** /consultations/representations/editor?representationId=… */
export function RepresentationEditorPage() {
  const [params] = useSearchParams();
  const id = params.get('representationId') ?? '';
  const { flags } = useTenant();
  const representation = useQuery({
    queryKey: editorQueryKeys.representation(id),
    queryFn: ({ signal }) => fetchRepresentation(id, signal),
    enabled: id !== '',
    ...openingQuery,
  });
  const knownNames = useKnownNames(representation.data);
  if (!flags.consultationsPages) return <Result status="info" title={consultationMessages.pagesOff} />;
  if (id === '')
    return (
      <ErrorScreen error={representationMessages.notFound} onRetry={() => void representation.refetch()} />
    );
  if (representation.isError)
    return <ErrorScreen error={representation.error} onRetry={() => void representation.refetch()} />;
  if (representation.isPending || !representation.isFetchedAfterMount)
    return <Loading what="representation" />;
  return <RepresentationEditor key={id} representation={representation.data} knownNames={knownNames} />;
}

function RepresentationEditor({
  representation,
  knownNames,
}: {
  representation: Representation;
  knownNames: string[] | undefined;
}) {
  const queryClient = useQueryClient();
  const { id } = representation;
  const subRepresentations = representation.subRepresentations.filter((sub) => !sub.isDeleted);
  const store = (answer: Representation) =>
    queryClient.setQueryData(editorQueryKeys.representation(id), answer);

  return (
    <div className="page rep-editor-page">
      <EditorWorkspace
        textLabel={`Text of representation ${representation.reference}`}
        heading={<h1 className="rep-editor__title">Representation {representation.reference}</h1>}
        details={({ publicView }) => (
          <p className="rep-editor__details">
            <StatusTag status={representation.status} />
            {!publicView && <span>{representation.representeeName}</span>}
            {!publicView && representation.agentName && <span>Agent: {representation.agentName}</span>}
            <span>{representation.eventName}</span>
            <Link to={`/consultations/representations/all?representationId=${encodeURIComponent(id)}`}>
              Back to representations
            </Link>
          </p>
        )}
        content={contentOf(representation.content, representation.originalText)}
        asReceived={representation.originalText}
        // The text comes redacted without the personal-data grant: it is read, never saved back.
        canWrite={representation.policy.canWrite && representation.policy.canSeeOriginal}
        knownNames={knownNames}
        links={{ topicIds: representation.topics.map((topic) => topic.id), siteIds: representation.siteIds }}
        onSave={async (changes) => {
          const answer = await updateRepresentation(id, changes);
          store(answer);
          return {
            content: contentOf(answer.content, answer.originalText),
            topicIds: answer.topics.map((topic) => topic.id),
            siteIds: answer.siteIds,
          };
        }}
        onCreateSubRepresentation={async (content) => {
          const created = await createSubRepresentation(id, { content });
          const current = queryClient.getQueryData<Representation>(editorQueryKeys.representation(id));
          if (current) store({ ...current, subRepresentations: [...current.subRepresentations, created] });
          return { id: created.id, reference: created.reference };
        }}
        subRepresentation={(subId) => {
          const sub = subRepresentations.find((candidate) => candidate.id === subId);
          return sub ? { reference: sub.reference, href: subEditorPath(sub.id) } : null;
        }}
        panels={<SubRepresentationList subRepresentations={subRepresentations} />}
      />
    </div>
  );
}

function SubRepresentationList({ subRepresentations }: { subRepresentations: SubRepresentation[] }) {
  return (
    <Panel id="rep-sub-representations" title="Sub-representations">
      {subRepresentations.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Select text and choose Create sub rep" />
      ) : (
        <ul className="rep-list" aria-label="Sub-representations">
          {subRepresentations.map((sub) => (
            <li key={sub.id} className="rep-list__item">
              <div className="rep-list__line">
                <Link to={subEditorPath(sub.id)} className="rep-list__reference">
                  {sub.reference}
                </Link>
                <StatusTag status={sub.status} />
              </div>
              <p className="rep-list__excerpt">
                {sub.plainText.length > 140 ? `${sub.plainText.slice(0, 140)}…` : sub.plainText}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** /consultations/sub-representation/:id/editor */
export function SubRepresentationEditorPage() {
  const { id = '' } = useParams();
  const { flags } = useTenant();
  const sub = useQuery({
    queryKey: editorQueryKeys.subRepresentation(id),
    queryFn: ({ signal }) => fetchSubRepresentation(id, signal),
    ...openingQuery,
  });
  const parentId = sub.data?.representationId ?? '';
  const parent = useQuery({
    queryKey: editorQueryKeys.representation(parentId),
    queryFn: ({ signal }) => fetchRepresentation(parentId, signal),
    enabled: parentId !== '',
    refetchOnWindowFocus: false,
  });
  const knownNames = useKnownNames(parent.data);
  if (!flags.consultationsPages) return <Result status="info" title={consultationMessages.pagesOff} />;
  const failed = sub.isError ? sub : parent.isError ? parent : null;
  if (failed)
    return (
      <ErrorScreen
        error={failed.error}
        onRetry={() => {
          void sub.refetch();
          if (parentId) void parent.refetch();
        }}
      />
    );
  if (!sub.data || !sub.isFetchedAfterMount || !parent.data) return <Loading what="sub-representation" />;
  return <SubRepresentationEditor key={id} sub={sub.data} parent={parent.data} knownNames={knownNames} />;
}

function SubRepresentationEditor({
  sub,
  parent,
  knownNames,
}: {
  sub: SubRepresentation;
  parent: Representation;
  knownNames: string[] | undefined;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const canWrite = parent.policy.canWrite && parent.policy.canSeeOriginal && !sub.isDeleted;
  const store = (answer: SubRepresentation) => {
    queryClient.setQueryData(editorQueryKeys.subRepresentation(sub.id), answer);
    void queryClient.invalidateQueries({ queryKey: editorQueryKeys.representation(parent.id) });
  };

  const confirmDelete = () =>
    modal.confirm({
      title: `Delete sub-representation ${sub.reference}?`,
      content: 'It leaves the representation’s list; its text stays in the representation.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          const answer = await updateSubRepresentation(sub.id, { isDeleted: true });
          store(answer.subRepresentation);
          void message.success(`Sub-representation ${sub.reference} deleted`);
          await navigate(editorPath(answer.representationId));
        } catch (error) {
          void message.error(
            error instanceof ApiError ? error.message : 'Failed to delete the sub-representation',
          );
        }
      },
    });

  return (
    <div className="page rep-editor-page">
      {sub.isDeleted && (
        <Result
          status="warning"
          title={`Sub-representation ${sub.reference} was deleted`}
          extra={<Link to={editorPath(parent.id)}>Back to representation {parent.reference}</Link>}
        />
      )}
      <EditorWorkspace
        textLabel={`Text of sub-representation ${sub.reference}`}
        heading={<h1 className="rep-editor__title">Sub-representation {sub.reference}</h1>}
        details={({ publicView }) => (
          <p className="rep-editor__details">
            <StatusTag status={sub.status} />
            {!publicView && <span>{parent.representeeName}</span>}
            <Link to={editorPath(parent.id)}>Back to representation {parent.reference}</Link>
          </p>
        )}
        actions={
          parent.policy.canWrite &&
          !sub.isDeleted && (
            <Button danger icon={<DeleteOutlined />} onClick={confirmDelete}>
              Delete sub-representation
            </Button>
          )
        }
        content={contentOf(sub.content, sub.plainText)}
        asReceived={parent.originalText}
        canWrite={canWrite}
        knownNames={knownNames}
        links={{ topicIds: null, siteIds: sub.siteIds }}
        onSave={async (changes) => {
          const answer = await updateSubRepresentation(sub.id, {
            content: changes.content,
            siteIds: changes.siteIds,
          });
          store(answer.subRepresentation);
          return {
            content: contentOf(answer.subRepresentation.content, answer.subRepresentation.plainText),
            topicIds: null,
            siteIds: answer.subRepresentation.siteIds,
          };
        }}
        subRepresentation={() => null}
      />
    </div>
  );
}
