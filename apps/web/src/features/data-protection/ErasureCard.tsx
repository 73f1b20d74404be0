import { useState } from 'react';
import { Alert, Button, Card, Form, Modal, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  erasureMessages,
  featureAccess,
  type ErasureCandidate,
  type ErasureChange,
  type ErasurePreview,
  type ErasureResult,
} from '@planning/shared';
import { ApiError } from '../../api/client';
import { Permitted } from '../../platform/access/Permitted';
import { notifyError } from '../../platform/notices/notifyError';
import { erase, previewErasure, type ErasureChoice, type ErasureTerms } from './erasureApi';
import { clearTermErrors, PersonTermsFields, showTermErrors } from './PersonTermsFields';

const keyOf = (candidate: Pick<ErasureCandidate, 'table' | 'id'>) => `${candidate.table}:${candidate.id}`;

const candidateColumns: TableColumnsType<ErasureCandidate> = [
  {
    title: 'Record',
    dataIndex: 'table',
    render: (table: string) => (table === 'users' ? 'Account' : 'Contact'),
  },
  { title: 'Name', dataIndex: 'name' },
  { title: 'Email address', dataIndex: 'email', render: (email: string | null) => email ?? '—' },
  { title: 'Postcode', dataIndex: 'postcode', render: (postcode: string | null) => postcode ?? '—' },
];

const changeColumns: TableColumnsType<ErasureChange> = [
  {
    title: 'Record',
    dataIndex: 'record',
    render: (record: string, change) => (
      <>
        <div>{record}</div>
        <Typography.Text type="secondary" code>
          {change.table}
        </Typography.Text>
      </>
    ),
  },
  {
    title: 'Change',
    dataIndex: 'action',
    render: (action: ErasureChange['action']) => (
      <Tag color={action === 'deleted' ? 'red' : action === 'anonymised' ? 'orange' : 'blue'}>{action}</Tag>
    ),
  },
  {
    title: 'Rows',
    dataIndex: 'rows',
    align: 'right',
    render: (rows: number) => rows.toLocaleString('en-GB'),
  },
  { title: 'Fields', dataIndex: 'fields', render: (fields: string[]) => fields.join(', ') || '—' },
];

/** Files, exports and search rows, in a sentence. */
function Totals({ outcome }: { outcome: Pick<ErasurePreview, 'files' | 'exports' | 'searchRows'> }) {
  return (
    <Typography.Paragraph className="data-protection__totals">
      {`${outcome.files} stored file(s) deleted · ${outcome.exports} waiting export(s) withdrawn · ${outcome.searchRows} search index row(s) refreshed`}
    </Typography.Paragraph>
  );
}

function Changes({ changes, label }: { changes: ErasureChange[]; label: string }) {
  return (
    <section aria-label={label}>
      <Table
        rowKey={(change) => `${change.table}:${change.action}`}
        size="small"
        columns={changeColumns}
        dataSource={changes}
        pagination={false}
        locale={{ emptyText: 'Nothing holds this person’s details.' }}
      />
    </section>
  );
}

/**
 * Issue 26 point 4: erasing a person (UK GDPR art. 17). The officer finds them, chooses which
 * accounts and contacts are theirs, reads what will change, confirms; a legal hold refuses it.
 */
export function ErasureCard() {
  const [form] = Form.useForm<ErasureTerms>();
  const [choice, setChoice] = useState<ErasureChoice | null>(null);
  const [preview, setPreview] = useState<ErasurePreview | null>(null);
  const [result, setResult] = useState<ErasureResult | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [eraseError, setEraseError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const load = async (next: ErasureChoice) => {
    setBusy(true);
    try {
      setPreview(await previewErasure(next));
      setChoice(next);
      setResult(null);
    } finally {
      setBusy(false);
    }
  };

  const submit = async (terms: ErasureTerms) => {
    setFormError(null);
    setEraseError(null);
    clearTermErrors(form);
    try {
      await load(terms);
    } catch (error) {
      setFormError(showTermErrors(form, error));
    }
  };

  const choose = (keys: React.Key[]) => {
    if (!choice || !preview) return;
    const chosen = preview.candidates.filter((candidate) => keys.includes(keyOf(candidate)));
    const ids = (table: ErasureCandidate['table']) =>
      chosen.filter((candidate) => candidate.table === table).map((candidate) => candidate.id);
    load({ ...choice, accounts: ids('users'), contacts: ids('contacts') }).catch(notifyError);
  };

  const confirm = async () => {
    if (!choice) return;
    setBusy(true);
    try {
      setResult(await erase(choice));
      setPreview(null);
      setChoice(null);
      form.resetFields();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 409) notifyError(error);
      else {
        // Held since the preview: say so, and show the preview as it now is.
        setEraseError(error.message);
        await load(choice).catch(notifyError);
      }
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  const nothing = preview !== null && preview.changes.length === 0 && preview.files === 0;
  return (
    <Card title={<h2 className="data-protection__heading">Erasure</h2>}>
      <Typography.Paragraph>
        Erase a person on request (the right to erasure): their accounts are closed and emptied, their contact
        details removed, and their name, email address, telephone number and address replaced by “[erased]”
        wherever they were written. Representations stay as the consultation record, anonymised, with their
        statuses. A consultation under legal hold refuses the erasure.
      </Typography.Paragraph>
      {formError && <Alert type="error" showIcon message={formError} className="data-protection__alert" />}
      <Form
        form={form}
        name="erasure"
        layout="inline"
        onFinish={(terms) => void submit(terms)}
        requiredMark={false}
      >
        <PersonTermsFields />
        <Form.Item>
          <Permitted needs={featureAccess.dataProtectionErasure}>
            <Button htmlType="submit" loading={busy && !confirming}>
              Preview erasure
            </Button>
          </Permitted>
        </Form.Item>
      </Form>

      {preview && (
        <div className="data-protection__findings">
          <Typography.Title level={3} className="data-protection__subheading">
            Whose records
          </Typography.Title>
          <section aria-label="Accounts and contacts found">
            <Table
              rowKey={keyOf}
              size="small"
              columns={candidateColumns}
              dataSource={preview.candidates}
              pagination={false}
              rowSelection={{
                selectedRowKeys: preview.candidates.filter((row) => row.chosen).map(keyOf),
                onChange: choose,
                getCheckboxProps: (row) => ({ 'aria-label': `Erase ${row.name}` }),
              }}
              locale={{ emptyText: 'No account or contact holds these details.' }}
            />
          </section>
          <Typography.Title level={3} className="data-protection__subheading">
            What will change
          </Typography.Title>
          <Changes changes={preview.changes} label="What will change" />
          <Totals outcome={preview} />
          {preview.refusal && (
            <Alert
              type="error"
              showIcon
              message={preview.refusal.message}
              className="data-protection__alert"
            />
          )}
          {eraseError && eraseError !== preview.refusal?.message && (
            <Alert type="error" showIcon message={eraseError} className="data-protection__alert" />
          )}
          <Button
            danger
            type="primary"
            disabled={preview.refusal !== null || nothing}
            onClick={() => setConfirming(true)}
          >
            Erase
          </Button>
        </div>
      )}

      {result && (
        <div className="data-protection__findings">
          <Alert type="success" showIcon message={result.message} className="data-protection__alert" />
          <Changes changes={result.changes} label="What changed" />
          <Totals outcome={result} />
        </div>
      )}

      <Modal
        open={confirming}
        title={erasureMessages.confirmTitle}
        okText="Erase"
        okButtonProps={{ danger: true, loading: busy }}
        onOk={() => void confirm()}
        onCancel={() => setConfirming(false)}
      >
        <p>{erasureMessages.confirmBody}</p>
        {preview && (
          <p>
            {`${preview.changes.reduce((sum, change) => sum + change.rows, 0).toLocaleString('en-GB')} row(s) in ${preview.changes.length} table(s), ${preview.files} file(s).`}
          </p>
        )}
      </Modal>
    </Card>
  );
}
