import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Modal, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { featureAccess, legalHoldRequestSchema, type ConsultationHold } from '@planning/shared';
import { Permitted } from '../../platform/access/Permitted';
import { notifyError } from '../../platform/notices/notifyError';
import { fetchLegalHolds, legalHoldQueryKeys, placeLegalHold, releaseLegalHold } from './erasureApi';

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/London',
  });

/** The reason, asked for before a hold is placed. */
function HoldDialog({ event, onClose }: { event: ConsultationHold; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const client = useQueryClient();
  const place = useMutation({
    mutationFn: (reason: string) => placeLegalHold(event.id, reason),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: legalHoldQueryKeys.all });
      onClose();
    },
    onError: notifyError,
  });
  return (
    <Modal
      open
      title={`Place “${event.name}” under legal hold`}
      okText="Place legal hold"
      okButtonProps={{ loading: place.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        name="legal-hold"
        layout="vertical"
        requiredMark={false}
        onFinish={({ reason }) => place.mutate(reason)}
      >
        <Form.Item
          name="reason"
          label="Reason"
          rules={[
            {
              validator: async (_, value: unknown) => {
                const checked = legalHoldRequestSchema.safeParse({ reason: value ?? '' });
                if (!checked.success) throw new Error(checked.error.issues[0]?.message);
              },
            },
          ]}
        >
          <Input.TextArea rows={3} placeholder="Under examination by the Planning Inspectorate" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Issue 26 point 4: consultations whose record must stay whole (under examination, say). */
export function LegalHoldCard() {
  const holds = useQuery({
    queryKey: legalHoldQueryKeys.all,
    queryFn: ({ signal }) => fetchLegalHolds(signal),
  });
  const client = useQueryClient();
  const [holding, setHolding] = useState<ConsultationHold | null>(null);
  const release = useMutation({
    mutationFn: (id: string) => releaseLegalHold(id),
    onSuccess: () => client.invalidateQueries({ queryKey: legalHoldQueryKeys.all }),
    onError: notifyError,
  });
  const columns: TableColumnsType<ConsultationHold> = [
    { title: 'Consultation', dataIndex: 'name' },
    { title: 'Runs', key: 'dates', render: (_, event) => `${event.startsOn} to ${event.endsOn}` },
    {
      title: 'Legal hold',
      dataIndex: 'hold',
      render: (hold: ConsultationHold['hold']) =>
        hold ? `${hold.reason} (since ${dateTime(hold.since)})` : '—',
    },
    {
      title: 'Action',
      key: 'action',
      render: (_, event) => (
        <Permitted needs={featureAccess.dataProtectionLegalHold}>
          {event.hold ? (
            <Button
              size="small"
              onClick={() => release.mutate(event.id)}
              aria-label={`Release the hold on ${event.name}`}
            >
              Release
            </Button>
          ) : (
            <Button size="small" onClick={() => setHolding(event)} aria-label={`Place hold on ${event.name}`}>
              Place hold
            </Button>
          )}
        </Permitted>
      ),
    },
  ];
  return (
    <Card title={<h2 className="data-protection__heading">Legal holds</h2>}>
      <Typography.Paragraph>
        A consultation under legal hold (under examination, or the subject of a legal challenge) keeps its
        representations whole: erasing a person whose representations it holds is refused, with the reason,
        until the hold is released.
      </Typography.Paragraph>
      {holds.isError ? (
        <Alert type="error" showIcon message={holds.error.message} />
      ) : (
        <Table
          rowKey="id"
          size="small"
          loading={holds.isPending}
          columns={columns}
          dataSource={holds.data}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
        />
      )}
      {holding && <HoldDialog event={holding} onClose={() => setHolding(null)} />}
    </Card>
  );
}
