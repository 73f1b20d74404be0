import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { featureAccess, type Grant, type RegisterEntry } from '@planning/shared';
import { notifyError } from '../../platform/notices/notifyError';
import { useAccess } from '../../platform/session/hooks';
import { dataProtectionQueryKeys, downloadRegisterCsv, fetchRegister } from './api';
import { RetentionCard } from './RetentionCard';
import { SubjectAccessCard } from './SubjectAccessCard';
import { ErasureCard } from './ErasureCard';
import { LegalHoldCard } from './LegalHoldCard';
import { AllowListCard } from './AllowListCard';
import { PrivacyNoticeCard } from './PrivacyNoticeCard';
import { CfsSubmissionsCard } from './CfsSubmissionsCard';
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
        // Wider than a laptop's window: it scrolls sideways in a region the keyboard can reach
        // (antd's own scrolling box takes no focus, WCAG 2.1.1).
        <div
          className="data-protection__table-scroll"
          tabIndex={0}
          role="region"
          aria-label="Register of personal data (scrolls sideways)"
        >
          <Table
            rowKey="table"
            size="small"
            loading={register.isPending}
            columns={columns}
            dataSource={register.data?.entries}
            pagination={false}
          />
        </div>
      )}
    </Card>
  );
}

/**
 * The page's tools in the order an officer works through a request, the long register last; a
 * tool that needs a grant of its own is left out for those without it.
 */
const SECTIONS: readonly {
  id: string;
  label: string;
  Tool: () => React.JSX.Element;
  needs?: readonly Grant[];
}[] = [
  { id: 'dp-subject-access', label: 'Subject access request', Tool: SubjectAccessCard },
  { id: 'dp-erasure', label: 'Erasure', Tool: ErasureCard },
  // Spec 03 §7 /submissions delete and restore, for holders of cfs delete (administrators).
  {
    id: 'dp-cfs-submissions',
    label: 'Call for sites submissions',
    Tool: CfsSubmissionsCard,
    needs: featureAccess.cfsDelete,
  },
  { id: 'dp-legal-holds', label: 'Legal holds', Tool: LegalHoldCard },
  { id: 'dp-retention', label: 'Retention', Tool: RetentionCard },
  { id: 'dp-allow-list', label: 'Allow list', Tool: AllowListCard },
  { id: 'dp-privacy-notice', label: 'Privacy notice', Tool: PrivacyNoticeCard },
  { id: 'dp-register', label: 'Register of personal data', Tool: RegisterCard },
];

/** /data-protection: the data protection officer's tools, with links to each down a long page. */
export function DataProtectionPage() {
  const mayDeleteSubmissions = useAccess(featureAccess.cfsDelete).permitted;
  const sections = SECTIONS.filter(({ needs }) => !needs || mayDeleteSubmissions);
  return (
    <div className="data-protection">
      <Typography.Title level={1}>Data protection</Typography.Title>
      <nav aria-label="On this page" className="data-protection__contents">
        <ul>
          {sections.map(({ id, label }) => (
            <li key={id}>
              <a href={`#${id}`}>{label}</a>
            </li>
          ))}
        </ul>
      </nav>
      {sections.map(({ id, Tool }) => (
        <div key={id} id={id} className="data-protection__section">
          <Tool />
        </div>
      ))}
    </div>
  );
}
