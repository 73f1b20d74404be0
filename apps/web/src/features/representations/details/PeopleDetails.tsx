import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Skeleton, Table } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import {
  representationMessages as m,
  type Contact,
  type Organisation,
  type RepresentationRow,
  type TableQuery,
} from '@planning/shared';
import { ApiError } from '../../../api/client';
import { Permitted } from '../../../platform/access/Permitted';
import {
  deleteContact,
  deleteOrganisation,
  fetchContact,
  fetchOrganisation,
  managerQueryKeys,
  searchContacts,
  searchRepresentations,
} from '../api';
import { StatusTag } from '../components/status';
import { formatDate } from '../format';
import { DELETE, useSettings } from '../hooks';
import { managerPath } from '../managerRoutes';
import { contactTypeLabels, useConfirmDelete } from '../tabs/PeopleTabs';

const contactLink = (id: string) => `${managerPath('contacts')}?contactId=${encodeURIComponent(id)}`;
const organisationLink = (id: string) =>
  `${managerPath('organisations')}?organisationId=${encodeURIComponent(id)}`;
const representationLink = (id: string) => `${managerPath('all')}?representationId=${encodeURIComponent(id)}`;

const address = (record: Pick<Contact, 'addressLine1' | 'addressLine2' | 'town' | 'country' | 'postcode'>) =>
  [record.addressLine1, record.addressLine2, record.town, record.country, record.postcode]
    .filter(Boolean)
    .join(', ') || '—';

const loadFailure = (error: unknown, notFound: string, fallback: string) =>
  error instanceof ApiError && error.status === 404 ? notFound : fallback;

/** Rows a page in a detail view's lists. */
const DETAIL_PAGE_SIZE = 10;

/** A detail view's list: the table query's rows whose id field is this record's, a page at a time. */
function usePagedList<Row>(
  search: (query: TableQuery, signal: AbortSignal) => Promise<{ result: { count: number; rows: Row[] } }>,
  table: 'representations' | 'contacts',
  field: string,
  id: string,
  sort: TableQuery['sort'],
) {
  const [page, setPage] = useState(1);
  const query: TableQuery = {
    limit: DETAIL_PAGE_SIZE,
    offset: (page - 1) * DETAIL_PAGE_SIZE,
    filter: [{ type: 'select', dbPropertyName: field, value: id }],
    sort,
  };
  const list = useQuery({
    queryKey: managerQueryKeys.search(table, query),
    queryFn: ({ signal }) => search(query, signal),
    placeholderData: keepPreviousData,
  });
  const pagination = {
    current: page,
    pageSize: DETAIL_PAGE_SIZE,
    total: list.data?.result.count ?? 0,
    showSizeChanger: false,
    hideOnSinglePage: true,
    onChange: setPage,
  };
  return { list, rows: list.data?.result.rows ?? [], pagination };
}

/**
 * The representations a contact or organisation sent (`contact_id`, `organisation_id`), or an
 * agent wrote (`agent_contact_id`), newest first.
 */
function RepresentationsOf({
  label,
  field,
  id,
}: {
  label: string;
  field: 'contact_id' | 'organisation_id' | 'agent_contact_id';
  id: string;
}) {
  const settings = useSettings();
  const { list, rows, pagination } = usePagedList(searchRepresentations, 'representations', field, id, [
    { field: 'received_date', order: 'desc' },
  ]);
  return (
    <section aria-label={label}>
      <h3>{label}</h3>
      {list.isError ? (
        <Alert type="error" showIcon title={m.loadRepresentations} />
      ) : (
        <Table<RepresentationRow>
          size="small"
          rowKey="id"
          loading={list.isFetching}
          pagination={pagination}
          locale={{ emptyText: m.noRepresentations }}
          dataSource={rows}
          columns={[
            {
              key: 'reference',
              title: 'Reference',
              render: (_, row) => <Link to={representationLink(row.id)}>{row.reference}</Link>,
            },
            { key: 'event', title: 'Event', render: (_, row) => row.eventName },
            { key: 'received', title: 'Received', render: (_, row) => formatDate(row.receivedDate) },
            {
              key: 'status',
              title: 'Status',
              render: (_, row) => <StatusTag status={row.status} settings={settings.data} />,
            },
          ]}
        />
      )}
    </section>
  );
}

/** Spec 02 §2: a contact's detail view (?contactId= on the contacts tab). */
export function ContactDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const contact = useQuery({
    queryKey: managerQueryKeys.contact(id),
    queryFn: ({ signal }) => fetchContact(id, signal),
  });
  const { confirm, pending } = useConfirmDelete(deleteContact, onClose);
  const c = contact.data;
  return (
    <Drawer open size={640} onClose={onClose} title={c ? c.name : 'Contact'} className="rep-detail">
      {contact.isPending ? (
        <Skeleton active />
      ) : contact.isError ? (
        <Alert
          type="error"
          role="alert"
          showIcon
          title={loadFailure(contact.error, m.contactNotFound, m.loadContacts)}
        />
      ) : (
        <div className="rep-detail__body">
          <div className="rep-detail__head">
            <span className="rep-avatar" aria-hidden>
              {contact.data.initials}
            </span>
            <Permitted needs={DELETE}>
              <Button
                danger
                icon={<DeleteOutlined />}
                loading={pending}
                onClick={() => confirm([id], m.deleteContactConfirm)}
              >
                Delete contact
              </Button>
            </Permitted>
          </div>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="Name">
              {[contact.data.title, contact.data.name].filter(Boolean).join(' ')}
            </Descriptions.Item>
            <Descriptions.Item label="Type">{contactTypeLabels[contact.data.contactType]}</Descriptions.Item>
            <Descriptions.Item label="Job title">{contact.data.jobTitle ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Organisation">
              {contact.data.organisationId ? (
                <Link to={organisationLink(contact.data.organisationId)}>
                  {contact.data.organisationName}
                </Link>
              ) : (
                '—'
              )}
            </Descriptions.Item>
            <Descriptions.Item label="Primary contact">
              {contact.data.isPrimary ? 'Yes' : 'No'}
            </Descriptions.Item>
            <Descriptions.Item label="Email">{contact.data.email ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Phone number">{contact.data.phoneNumber ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Address">{address(contact.data)}</Descriptions.Item>
          </Descriptions>
          {contact.data.contactType === 'agent' ? (
            <RepresentationsOf label="Representations (as agent)" field="agent_contact_id" id={id} />
          ) : (
            <RepresentationsOf label="Representations" field="contact_id" id={id} />
          )}
        </div>
      )}
    </Drawer>
  );
}

/** Spec 02 §2: an organisation's detail view (?organisationId= on the organisations tab). */
export function OrganisationDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const organisation = useQuery({
    queryKey: managerQueryKeys.organisation(id),
    queryFn: ({ signal }) => fetchOrganisation(id, signal),
  });
  const o = organisation.data;
  return (
    <Drawer open size={720} onClose={onClose} title={o ? o.name : 'Organisation'} className="rep-detail">
      {organisation.isPending ? (
        <Skeleton active />
      ) : organisation.isError ? (
        <Alert
          type="error"
          role="alert"
          showIcon
          title={loadFailure(organisation.error, m.organisationNotFound, m.loadOrganisations)}
        />
      ) : (
        <OrganisationBody organisation={organisation.data} onDeleted={onClose} />
      )}
    </Drawer>
  );
}

function OrganisationBody({
  organisation: o,
  onDeleted,
}: {
  organisation: Organisation;
  onDeleted: () => void;
}) {
  const { confirm, pending } = useConfirmDelete(deleteOrganisation, onDeleted);
  const contactDelete = useConfirmDelete(deleteContact, () => undefined);
  const contacts = usePagedList(searchContacts, 'contacts', 'organisation_id', o.id, [
    { field: 'name', order: 'asc' },
  ]);
  return (
    <div className="rep-detail__body">
      <div className="rep-detail__head">
        <Permitted needs={DELETE}>
          <Button
            danger
            icon={<DeleteOutlined />}
            loading={pending}
            onClick={() => confirm([o.id], 'Are you sure you want to delete this organisation?')}
          >
            Delete organisation
          </Button>
        </Permitted>
      </div>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="Name">{o.name}</Descriptions.Item>
        <Descriptions.Item label="Type">{o.organisationType}</Descriptions.Item>
        <Descriptions.Item label="Email">{o.email ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Phone number">{o.phoneNumber ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Address">{address(o)}</Descriptions.Item>
        <Descriptions.Item label="Agents">
          {o.agents.length
            ? o.agents.map((agent, index) => (
                <span key={agent.id}>
                  {index > 0 && ', '}
                  <Link to={contactLink(agent.id)}>{agent.name}</Link>
                  {agent.organisationName ? ` (${agent.organisationName})` : ''}
                </span>
              ))
            : '—'}
        </Descriptions.Item>
      </Descriptions>
      <section aria-label="Contacts">
        <h3>Contacts ({o.contactCount})</h3>
        {contacts.list.isError ? (
          <Alert type="error" showIcon title={m.loadContacts} />
        ) : (
          <Table<Contact>
            size="small"
            rowKey="id"
            loading={contacts.list.isFetching}
            pagination={contacts.pagination}
            locale={{ emptyText: m.noContacts }}
            dataSource={contacts.rows}
            columns={[
              {
                key: 'name',
                title: 'Name',
                render: (_, row) => (
                  <>
                    <Link to={contactLink(row.id)}>{row.name}</Link>
                    {row.isPrimary ? ' (primary)' : ''}
                  </>
                ),
              },
              { key: 'job', title: 'Job title', render: (_, row) => row.jobTitle ?? '—' },
              { key: 'email', title: 'Email', render: (_, row) => row.email ?? '—' },
              {
                key: 'actions',
                title: <span className="visually-hidden">Actions</span>,
                render: (_, row) => (
                  <Permitted needs={DELETE}>
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`Delete ${row.name}`}
                      loading={contactDelete.pending}
                      onClick={() => contactDelete.confirm([row.id], m.deleteContactConfirm)}
                    />
                  </Permitted>
                ),
              },
            ]}
          />
        )}
      </section>
      <RepresentationsOf label="Representations" field="organisation_id" id={o.id} />
    </div>
  );
}
