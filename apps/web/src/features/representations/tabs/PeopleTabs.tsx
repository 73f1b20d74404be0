import { useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Space, type TableColumnsType } from 'antd';
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import {
  contactTableFields,
  organisationTableFields,
  representationMessages as m,
  type Contact,
  type CustomColumn,
  type Organisation,
  type TableField,
  type TableQuery,
} from '@planning/shared';
import { Permitted } from '../../../platform/access/Permitted';
import {
  deleteContact,
  deleteOrganisation,
  managerQueryKeys,
  searchContacts,
  searchOrganisations,
} from '../api';
import { ManagerTable } from '../components/ManagerTable';
import { failureText } from '../failureText';
import { formatCustomValue } from '../format';
import { useColumns, useManagerAccess, useTableAddress, WRITE } from '../hooks';
import { managerPath, type ManagerTab } from '../managerRoutes';
import { filterDefinitions, groupableFields } from '../tableState';

export const contactTypeLabels: Record<Contact['contactType'], string> = {
  individual: 'Individual',
  organisation: 'Organisation contact',
  agent: 'Agent',
};

type PeopleTableProps<Row extends { id: string; custom: Record<string, unknown> }> = {
  tab: Extract<ManagerTab, 'contacts' | 'organisations'>;
  fields: readonly TableField[];
  search: (
    query: TableQuery,
    signal: AbortSignal,
  ) => ReturnType<typeof searchContacts | typeof searchOrganisations>;
  columns: TableColumnsType<Row>;
  nameOf: (row: Row) => string;
  remove: (id: string) => Promise<unknown>;
  newLabel: string;
};

/** Deleting a contact asks first (spec 02 §5 'Are you sure you want to delete this contact?'). */
export function useConfirmDelete(remove: (id: string) => Promise<unknown>, onDone: () => void) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (ids: string[]) => {
      for (const id of ids) await remove(id);
    },
    onSuccess: (_, ids) => {
      onDone();
      void message.success(m.succeeded(ids.length === 1 ? 'deleted' : `${ids.length} deleted`));
    },
    onError: (error) => void message.error(failureText(error, m.deleteFailed)),
    // Some may have gone before one was refused: the table is read again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: managerQueryKeys.all }),
  });
  const confirm = (ids: string[], question: string) =>
    modal.confirm({
      title: question,
      okText: 'Yes',
      cancelText: 'No',
      okButtonProps: { danger: true },
      onOk: () => mutation.mutateAsync(ids).catch(() => undefined),
    });
  return { confirm, pending: mutation.isPending };
}

function PeopleTable<Row extends { id: string; custom: Record<string, unknown> }>({
  tab,
  fields,
  search,
  columns,
  nameOf,
  remove,
  newLabel,
}: PeopleTableProps<Row>) {
  const navigate = useNavigate();
  const location = useLocation();
  const { canDelete } = useManagerAccess();
  const custom = useColumns(tab);
  const [selected, setSelected] = useState<string[]>([]);
  const { confirm, pending } = useConfirmDelete(remove, () => setSelected([]));
  const one = tab === 'contacts' ? 'contact' : 'organisation';
  const question = (count: number) =>
    count === 1
      ? `Are you sure you want to delete this ${one}?`
      : `Are you sure you want to delete these ${count} ${tab}?`;
  const definitions = useMemo(
    () => filterDefinitions(tab, fields, {}, custom.data ?? []),
    [tab, fields, custom.data],
  );
  const groupOptions = useMemo(() => groupableFields(fields, custom.data ?? []), [fields, custom.data]);
  const address = useMemo(() => ({ fields, definitions, groupOptions }), [fields, definitions, groupOptions]);
  const { state, onState, waiting, detailLink } = useTableAddress(address, custom.isPending);
  const detail = (id: string) => detailLink(tab === 'contacts' ? 'contactId' : 'organisationId', id);

  const allColumns: TableColumnsType<Row> = [
    {
      key: 'name',
      title: 'Name',
      render: (_, row) => <Link to={detail(row.id)}>{nameOf(row)}</Link>,
    },
    ...columns,
    ...customColumns<Row>(custom.data ?? []),
    {
      key: 'actions',
      title: <span className="visually-hidden">Actions</span>,
      fixed: 'right' as const,
      render: (_, row) => (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'open', label: <Link to={detail(row.id)}>Open details</Link> },
              ...(canDelete
                ? [
                    {
                      key: 'delete',
                      danger: true,
                      label: 'Delete',
                      onClick: () => confirm([row.id], question(1)),
                    },
                  ]
                : []),
            ],
          }}
        >
          <Button size="small" aria-label={`Actions for ${nameOf(row)}`}>
            Actions <DownOutlined />
          </Button>
        </Dropdown>
      ),
    },
  ];

  const bulk: ReactNode = selected.length > 0 && (
    <div className="rep-bulk" role="group" aria-label={`Selected ${tab}`}>
      <span aria-live="polite">{selected.length} selected</span>
      {canDelete && (
        <Button
          size="small"
          danger
          loading={pending}
          onClick={() => confirm(selected, question(selected.length))}
        >
          Delete
        </Button>
      )}
      <Button size="small" type="link" onClick={() => setSelected([])}>
        Clear selection
      </Button>
    </div>
  );

  return (
    <ManagerTable<Row>
      table={tab}
      noun={{ one, many: tab }}
      fields={fields}
      search={search as never}
      columns={allColumns}
      definitions={definitions}
      groupOptions={groupOptions}
      state={state}
      onState={onState}
      waiting={waiting}
      selected={selected}
      onSelected={canDelete ? setSelected : null}
      loadError={tab === 'contacts' ? m.loadContacts : m.loadOrganisations}
      emptyText={tab === 'contacts' ? m.noContacts : m.noOrganisations}
      rowLabel={nameOf}
      banner={bulk}
      actions={
        <Space wrap>
          <Permitted needs={WRITE}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => void navigate(managerPath(tab, 'new-representee', null, location.search))}
            >
              {newLabel}
            </Button>
          </Permitted>
          <Permitted needs={WRITE}>
            <Button
              onClick={() => void navigate(managerPath(tab, 'new-custom-column', null, location.search))}
            >
              New custom column
            </Button>
          </Permitted>
        </Space>
      }
    />
  );
}

function customColumns<Row extends { custom: Record<string, unknown> }>(
  columns: readonly CustomColumn[],
): TableColumnsType<Row> {
  return columns.map((column) => ({
    key: column.field,
    title: column.name,
    render: (_: unknown, row: Row) =>
      formatCustomValue(column, row.custom[column.id] ?? row.custom[column.field]),
  }));
}

const text = (value: string | null) => value ?? '—';

/** The contacts tab (contact management on). */
export function ContactsTab() {
  return (
    <PeopleTable<Contact>
      tab="contacts"
      fields={contactTableFields}
      search={searchContacts}
      nameOf={(row) => row.name}
      remove={deleteContact}
      newLabel="New contact"
      columns={[
        { key: 'contact_type', title: 'Type', render: (_, row) => contactTypeLabels[row.contactType] },
        { key: 'organisation_name', title: 'Organisation', render: (_, row) => text(row.organisationName) },
        { key: 'email', title: 'Email', render: (_, row) => text(row.email) },
        { key: 'phone', title: 'Phone', render: (_, row) => text(row.phoneNumber) },
        { key: 'town', title: 'Town', render: (_, row) => text(row.town) },
        { key: 'postcode', title: 'Postcode', render: (_, row) => text(row.postcode) },
        { key: 'representations', title: 'Representations', render: (_, row) => row.representationCount },
      ]}
    />
  );
}

/** The organisations tab (contact management on). */
export function OrganisationsTab() {
  return (
    <PeopleTable<Organisation>
      tab="organisations"
      fields={organisationTableFields}
      search={searchOrganisations}
      nameOf={(row) => row.name}
      remove={deleteOrganisation}
      newLabel="New organisation"
      columns={[
        { key: 'organisation_type', title: 'Type', render: (_, row) => row.organisationType },
        { key: 'email', title: 'Email', render: (_, row) => text(row.email) },
        { key: 'phone', title: 'Phone', render: (_, row) => text(row.phoneNumber) },
        { key: 'town', title: 'Town', render: (_, row) => text(row.town) },
        { key: 'country', title: 'Country', render: (_, row) => text(row.country) },
        { key: 'postcode', title: 'Postcode', render: (_, row) => text(row.postcode) },
        { key: 'contacts', title: 'Contacts', render: (_, row) => row.contactCount },
        { key: 'representations', title: 'Representations', render: (_, row) => row.representationCount },
      ]}
    />
  );
}
