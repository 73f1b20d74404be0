import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { RegisterEntry } from '@planning/shared';
import { notifyError } from '../../platform/notices/notifyError';
import { dataProtectionQueryKeys, downloadRegisterCsv, fetchRegister } from './api';
import { RetentionCard } from './RetentionCard';
import { SubjectAccessCard } from './SubjectAccessCard';
import { ErasureCard } from './ErasureCard';
import { LegalHoldCard } from './LegalHoldCard';
import { AllowListCard } from './AllowListCard';
import { PrivacyNoticeCard } from './PrivacyNoticeCard';
import './dataProtection.css';

const columns: TableColumnsType<RegisterEntry> = [
  {
    title: 'Record',
    dataIndex: 'record',
    render: (record: string, entry) => (
      <>
        <div>{record}</div>
        <Typography.Text type="secondary" code>
          {entry.table}
        </Typography.Text>
      </>
    ),
  },
  { title: 'Data subjects', dataIndex: 'subjects', render: (subjects: string[]) => subjects.join(', ') },
  {
    title: 'Personal data',
    dataIndex: 'fields',
    render: (fields: RegisterEntry['fields']) =>
      [...new Set(fields.map((field) => field.category))].map((category) => (
        <Tag key={category}>{category}</Tag>
      )),
  },
  { title: 'Purpose', dataIndex: 'purpose' },
  { title: 'Lawful basis', dataIndex: 'lawfulBasis' },
  { title: 'Retention', dataIndex: 'retention' },
  {
    title: 'Records held',
    dataIndex: 'rows',
    align: 'right',
    render: (rows: number | null) => (rows === null ? 'Shared' : rows.toLocaleString('en-GB')),
  },
];

/** Issue 26 point 7: the register of personal data held, for the record of processing activities. */
function RegisterCard() {
  const register = useQuery({
    queryKey: dataProtectionQueryKeys.register,
    queryFn: ({ signal }) => fetchRegister(signal),
  });
  return (
    <Card
      title={<h2 className="data-protection__heading">Register of personal data</h2>}
      extra={
        <Button
          icon={<DownloadOutlined aria-hidden />}
          onClick={() => void downloadRegisterCsv().catch(notifyError)}
          disabled={!register.data}
        >
          Download CSV
        </Button>
      }
    >
      <Typography.Paragraph>
        What this platform holds about people, table by table: whose data, why, on what lawful basis and for
        how long, with the number of records the council holds today. Use it for the council’s record of
        processing activities.
      </Typography.Paragraph>
      {register.isError ? (
        <Alert type="error" showIcon message={register.error.message} />
      ) : (
        <Table
          rowKey="table"
          size="small"
          loading={register.isPending}
          columns={columns}
          dataSource={register.data?.entries}
          pagination={false}
          scroll={{ x: 1100 }}
        />
      )}
    </Card>
  );
}

/** /data-protection: the data protection officer's tools. */
export function DataProtectionPage() {
  return (
    <div className="data-protection">
      <Typography.Title level={1}>Data protection</Typography.Title>
      <SubjectAccessCard />
      <ErasureCard />
      <LegalHoldCard />
      <RegisterCard />
      <RetentionCard />
      <AllowListCard />
      <PrivacyNoticeCard />
    </div>
  );
}
