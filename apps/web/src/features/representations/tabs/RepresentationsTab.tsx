import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Dropdown, Select, Space, Tag, type TableColumnsType } from 'antd';
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import {
  representationMessages as m,
  representationTableFields,
  type RepresentationRow,
  type RepresentationStatus,
} from '@planning/shared';
import { Permitted } from '../../../platform/access/Permitted';
import {
  deleteRepresentations,
  duplicateRepresentations,
  managerQueryKeys,
  searchRepresentations,
  setRepresentationStatus,
} from '../api';
import { ManagerTable } from '../components/ManagerTable';
import { formatCustomValue, formatDate } from '../format';
import { editorPath, StatusTag, statusOptions } from '../components/status';
import {
  useColumns,
  useEvents,
  useManagerAccess,
  useSettings,
  useTableAddress,
  useTopics,
  WRITE,
} from '../hooks';
import { managerPath } from '../managerRoutes';
import { filterDefinitions, groupableFields, withCampaign } from '../tableState';

/** The 'all' tab: the representations table with its row and bulk actions (spec 02 §2, §8). */
export function RepresentationsTab() {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { canWrite, canDelete } = useManagerAccess();
  const settings = useSettings();
  const events = useEvents();
  const topics = useTopics();
  const columns = useColumns('representations');
  const [selected, setSelected] = useState<string[]>([]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: managerQueryKeys.all });
  const changeStatus = useMutation({
    mutationFn: ({ ids, status }: { ids: string[]; status: RepresentationStatus }) =>
      setRepresentationStatus(ids, status),
    onSuccess: () => void refresh(),
    onError: () => void message.error(m.statusFailed),
  });
  const duplicate = useMutation({
    mutationFn: (ids: string[]) => duplicateRepresentations(ids),
    onSuccess: () => {
      void message.success(m.succeeded('representations duplicated'));
      void refresh();
    },
    onError: () => void message.error(m.duplicateFailed),
  });
  const remove = useMutation({
    mutationFn: (ids: string[]) => deleteRepresentations(ids),
    onSuccess: () => {
      // Spec 02 §4: the selection is cleared after a delete.
      setSelected([]);
      void message.success(m.succeeded('representations deleted'));
      void refresh();
    },
    onError: () => void message.error(m.deleteFailed),
  });

  const confirmDelete = (ids: string[], what: string) =>
    modal.confirm({
      title: `Delete ${what}?`,
      content: 'It leaves the table, the analysis and the consultation statement.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => remove.mutateAsync(ids).catch(() => undefined),
    });

  const definitions = useMemo(
    () =>
      filterDefinitions(
        'representations',
        representationTableFields,
        {
          consultation_event_id: (events.data ?? []).map((event) => ({ value: event.id, label: event.name })),
          topics: (topics.data ?? []).map((topic) => ({ value: topic.id, label: topic.name })),
        },
        columns.data ?? [],
      ),
    [events.data, topics.data, columns.data],
  );
  const groupOptions = useMemo(
    () => groupableFields(representationTableFields, columns.data ?? []),
    [columns.data],
  );
  const address = useMemo(
    () => ({ fields: representationTableFields, definitions, groupOptions }),
    [definitions, groupOptions],
  );
  const { state, onState, waiting, detailLink } = useTableAddress(
    address,
    events.isPending || topics.isPending || columns.isPending,
  );
  const detailSearch = (id: string) => detailLink('representationId', id);

  const tableColumns: TableColumnsType<RepresentationRow> = [
    {
      key: 'reference',
      title: 'Reference',
      render: (_, row) => (
        <Link to={detailSearch(row.id)} aria-label={`Open ${row.reference}`}>
          {row.reference}
        </Link>
      ),
    },
    {
      key: 'representee_name',
      title: 'Representee',
      render: (_, row) => (
        <Space size={4} wrap>
          <span>{row.representeeName}</span>
          {row.campaign && (
            <Button
              size="small"
              className="rep-campaign"
              onClick={() => onState(withCampaign(state, row.campaign?.id ?? null))}
              aria-label={`Campaign ×${row.campaign.size}: show the ${row.campaign.size} letters of this campaign`}
            >
              Campaign ×{row.campaign.size}
            </Button>
          )}
        </Space>
      ),
    },
    {
      key: 'status',
      title: 'Status',
      render: (_, row) =>
        canWrite ? (
          <Select<RepresentationStatus>
            size="small"
            className="rep-status-select"
            value={row.status}
            aria-label={`Status of ${row.reference}`}
            popupMatchSelectWidth={false}
            loading={changeStatus.isPending && changeStatus.variables?.ids.includes(row.id)}
            options={statusOptions(settings.data)}
            labelRender={({ value }) => (
              <StatusTag status={value as RepresentationStatus} settings={settings.data} />
            )}
            onChange={(status) => changeStatus.mutate({ ids: [row.id], status })}
          />
        ) : (
          <StatusTag status={row.status} settings={settings.data} />
        ),
    },
    { key: 'received_date', title: 'Received', render: (_, row) => formatDate(row.receivedDate) },
    { key: 'event_name', title: 'Event', render: (_, row) => row.eventName },
    { key: 'correspondence_type', title: 'Correspondence', render: (_, row) => row.correspondenceType },
    { key: 'agent_name', title: 'Agent', render: (_, row) => row.agentName ?? '—' },
    { key: 'attitude', title: 'Attitude', render: (_, row) => row.attitude ?? '—' },
    {
      key: 'topics',
      title: 'Topics',
      render: (_, row) =>
        row.topics.length ? row.topics.map((topic) => <Tag key={topic.id}>{topic.name}</Tag>) : '—',
    },
    { key: 'has_response', title: 'Responses', render: (_, row) => row.responseCount },
    ...(columns.data ?? []).map((column) => ({
      key: column.field,
      title: column.name,
      render: (_: unknown, row: RepresentationRow) =>
        formatCustomValue(column, row.custom[column.id] ?? row.custom[column.field]),
    })),
    {
      key: 'actions',
      title: <span className="visually-hidden">Actions</span>,
      fixed: 'right' as const,
      render: (_, row) => (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'open', label: <Link to={detailSearch(row.id)}>Open details</Link> },
              { key: 'editor', label: <Link to={editorPath(row.id)}>Open in editor</Link> },
              ...(canWrite
                ? [{ key: 'duplicate', label: 'Duplicate', onClick: () => duplicate.mutate([row.id]) }]
                : []),
              ...(canDelete
                ? [
                    {
                      key: 'delete',
                      danger: true,
                      label: 'Delete',
                      onClick: () => confirmDelete([row.id], row.reference),
                    },
                  ]
                : []),
            ],
          }}
        >
          <Button size="small" aria-label={`Actions for ${row.reference}`}>
            Actions <DownOutlined />
          </Button>
        </Dropdown>
      ),
    },
  ];

  const count = selected.length;
  const bulk = count > 0 && (
    <div className="rep-bulk" role="group" aria-label="Selected representations">
      <span aria-live="polite">{count === 1 ? '1 selected' : `${count} selected`}</span>
      {canWrite && (
        <Select<RepresentationStatus>
          size="small"
          className="rep-bulk__status"
          placeholder="Change status"
          aria-label="Change the status of the selected representations"
          value={null as unknown as RepresentationStatus}
          popupMatchSelectWidth={false}
          options={statusOptions(settings.data)}
          onChange={(status) => changeStatus.mutate({ ids: selected, status })}
        />
      )}
      {canWrite && (
        <Button size="small" loading={duplicate.isPending} onClick={() => duplicate.mutate(selected)}>
          Duplicate
        </Button>
      )}
      {canDelete && (
        <Button
          size="small"
          danger
          loading={remove.isPending}
          onClick={() =>
            confirmDelete(selected, count === 1 ? '1 representation' : `${count} representations`)
          }
        >
          Delete
        </Button>
      )}
      <Button size="small" type="link" onClick={() => setSelected([])}>
        Clear selection
      </Button>
    </div>
  );

  const banner = (
    <>
      {state.campaign && (
        <Alert
          type="info"
          showIcon
          title="Showing one campaign's letters only"
          action={
            <Button size="small" onClick={() => onState(withCampaign(state, null))}>
              Show all
            </Button>
          }
        />
      )}
      {bulk}
    </>
  );

  return (
    <ManagerTable<RepresentationRow>
      table="representations"
      noun={{ one: 'representation', many: 'representations' }}
      fields={representationTableFields}
      search={searchRepresentations}
      columns={tableColumns}
      definitions={definitions}
      groupOptions={groupOptions}
      state={state}
      onState={onState}
      waiting={waiting}
      selected={selected}
      onSelected={canWrite || canDelete ? setSelected : null}
      loadError={m.loadRepresentations}
      emptyText={m.noRepresentations}
      rowLabel={(row) => row.reference}
      banner={banner}
      actions={
        <Space wrap>
          <Permitted needs={WRITE}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => void navigate(managerPath('all', 'new-representation', null, location.search))}
            >
              New representation
            </Button>
          </Permitted>
          <Permitted needs={WRITE}>
            <Button
              onClick={() => void navigate(managerPath('all', 'new-representee', null, location.search))}
            >
              New representee
            </Button>
          </Permitted>
          <Permitted needs={WRITE}>
            <Button
              onClick={() => void navigate(managerPath('all', 'new-custom-column', null, location.search))}
            >
              New custom column
            </Button>
          </Permitted>
        </Space>
      }
    />
  );
}
