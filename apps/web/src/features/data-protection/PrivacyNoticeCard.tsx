import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Collapse, Form, Input, Typography } from 'antd';
import { featureAccess, PRIVACY_NOTICE_MAX, privacyNoticeMessages as m } from '@planning/shared';
import { ApiError } from '../../api/client';
import { Permitted } from '../../platform/access/Permitted';
import { useAccess } from '../../platform/session/hooks';
import { notifyError } from '../../platform/notices/notifyError';
import { dataProtectionSettingsKeys, fetchPrivacyNotices, publishPrivacyNotice } from './api';

const published = (at: string, by?: string | null) =>
  `Published ${new Date(at).toLocaleString('en-GB')}${by ? ` by ${by}` : ''}`;

/**
 * Issue 26 point 6: the privacy notice every public form shows. Publishing makes a new version;
 * the earlier ones stay readable, as each response records the version its writer saw.
 */
export function PrivacyNoticeCard() {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ text: string }>();
  const queryClient = useQueryClient();
  const canWrite = useAccess(featureAccess.dataProtectionSettings).permitted;
  const [saving, setSaving] = useState(false);
  const notices = useQuery({
    queryKey: dataProtectionSettingsKeys.notices,
    queryFn: ({ signal }) => fetchPrivacyNotices(signal),
  });
  const [current, ...earlier] = notices.data?.versions ?? [];

  useEffect(() => {
    form.setFieldsValue({ text: current?.text ?? '' });
  }, [form, current]);

  const submit = async ({ text }: { text: string }) => {
    setSaving(true);
    form.setFields([{ name: 'text', errors: [] }]);
    try {
      const saved = await publishPrivacyNotice(text);
      queryClient.setQueryData(dataProtectionSettingsKeys.notices, saved);
      void message.success(m.published(saved.versions[0]!.version));
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400) return notifyError(error);
      form.setFields([{ name: 'text', errors: [error.issues[0]?.message ?? error.message] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card id="privacy-notice" title={<h2 className="data-protection__heading">{m.cardTitle}</h2>}>
      <Typography.Paragraph>{m.cardIntro}</Typography.Paragraph>
      {notices.isError && <Alert type="error" showIcon message={notices.error.message} />}
      <Typography.Paragraph strong>
        {current
          ? `Version ${current.version}. ${published(current.publishedAt, current.publishedBy)}`
          : m.none}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        aria-label={m.cardTitle}
        onFinish={(values) => void submit(values)}
        disabled={!canWrite}
        requiredMark={false}
      >
        <Form.Item name="text" label="Notice text">
          <Input.TextArea autoSize={{ minRows: 6, maxRows: 20 }} maxLength={PRIVACY_NOTICE_MAX} showCount />
        </Form.Item>
        <Permitted needs={featureAccess.dataProtectionSettings}>
          <Button type="primary" htmlType="submit" loading={saving} disabled={!notices.data}>
            {m.publish}
          </Button>
        </Permitted>
      </Form>
      {earlier.length > 0 && (
        <section aria-label={m.versions} className="data-protection__findings">
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            {m.versions}
          </Typography.Title>
          <Collapse
            items={earlier.map((notice) => ({
              key: notice.version,
              label: `Version ${notice.version} · ${published(notice.publishedAt, notice.publishedBy)}`,
              children: <p className="data-protection__notice-text">{notice.text}</p>,
            }))}
          />
        </section>
      )}
    </Card>
  );
}
