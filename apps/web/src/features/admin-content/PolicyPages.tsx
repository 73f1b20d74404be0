import { useCallback, useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Space, Tabs, Typography, message } from 'antd';
import {
  POLICY_MAX_HTML,
  adminContentMessages as M,
  policyKinds,
  type Policy,
  type PolicyKind,
} from '@planning/shared';
import { ApiError } from '../../api/client';
import { useUnsavedChangesGuard } from '../../components/useUnsavedChangesGuard';
import { AdminFrame } from '../../shared/admin-frame/AdminFrame';
import { PolicyEditor } from '../../shared/rich-text/PolicyEditor';
import { adminContentKeys, fetchPolicy, savePolicy } from './api';
import { when } from '../../shared/event-times/format';
import { LoadingSpin } from '../../components/LoadingSpin';

const usePolicy = (kind: PolicyKind) =>
  useQuery({ queryKey: adminContentKeys.policy(kind), queryFn: ({ signal }) => fetchPolicy(kind, signal) });

type DirtyProps = { onDirty: (kind: PolicyKind, dirty: boolean) => void };

function PolicyForm({ policy, onDirty }: { policy: Policy } & DirtyProps) {
  const client = useQueryClient();
  const [draft, setDraft] = useState(policy.html);
  const [notice, context] = message.useMessage();
  const dirty = draft !== policy.html;
  useEffect(() => onDirty(policy.kind, dirty), [onDirty, policy.kind, dirty]);
  const save = useMutation({
    mutationFn: () => savePolicy(policy.kind, draft),
    onSuccess: (saved) => {
      client.setQueryData(adminContentKeys.policy(policy.kind), saved);
      setDraft(saved.html);
      void notice.success(M.policySaved);
    },
  });
  const tooLong = draft.length > POLICY_MAX_HTML;
  const statusId = `policy-status-${policy.kind}`;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {context}
      <Typography.Text type="secondary" id={statusId}>
        {policy.updatedAt
          ? `Last updated ${when(policy.updatedAt)}${policy.updatedBy ? ` by ${policy.updatedBy}` : ''}`
          : 'Not published yet.'}
      </Typography.Text>
      <PolicyEditor label={policy.title} value={draft} onChange={setDraft} describedBy={statusId} />
      {tooLong && <Alert type="error" showIcon message={M.policyTooLong(POLICY_MAX_HTML)} />}
      {save.error && (
        <Alert
          type="error"
          showIcon
          message={save.error instanceof ApiError ? save.error.message : 'Failed to save changes'}
        />
      )}
      <Space>
        <Button type="primary" onClick={() => save.mutate()} loading={save.isPending} disabled={tooLong}>
          Save {policy.title.toLowerCase()}
        </Button>
        <Button onClick={() => setDraft(policy.html)} disabled={!dirty}>
          Discard changes
        </Button>
      </Space>
    </Space>
  );
}

function PolicyTab({ kind, onDirty }: { kind: PolicyKind } & DirtyProps) {
  const policy = usePolicy(kind);
  if (policy.isLoading) return <LoadingSpin label={`Loading the ${policyKinds[kind].toLowerCase()}`} />;
  if (policy.error || !policy.data)
    return (
      <Alert
        type="error"
        showIcon
        message="Failed to load the text"
        action={<Button onClick={() => void policy.refetch()}>Try again</Button>}
      />
    );
  // Keyed by when it was saved: a save elsewhere starts the draft afresh.
  return <PolicyForm key={policy.data.updatedAt ?? 'new'} policy={policy.data} onDirty={onDirty} />;
}

/** /admin/{consultations|cfs}/privacy-policy: the application's privacy policy and the terms of use. */
export function PrivacyPolicyAdminPage({ app }: { app: 'consultations' | 'cfs' }) {
  const kind: PolicyKind = app === 'consultations' ? 'consultations-privacy' : 'cfs-privacy';
  // One guard for both texts: a router holds one blocker at a time.
  const [dirty, setDirty] = useState<Partial<Record<PolicyKind, boolean>>>({});
  const handleDirty = useCallback(
    (changed: PolicyKind, isDirty: boolean) =>
      setDirty((current) => (current[changed] === isDirty ? current : { ...current, [changed]: isDirty })),
    [],
  );
  useUnsavedChangesGuard(Object.values(dirty).some(Boolean), {
    title: 'Leave without saving?',
    content: 'Your changes to the text will be lost.',
    leave: 'Leave',
    stay: 'Stay',
  });
  return (
    <AdminFrame title="Privacy policy">
      <Typography.Paragraph>
        What residents read at <a href="/policy">/policy</a> and <a href="/terms">/terms</a>. Links open in a
        new tab; scripts, images and styles are removed when saved.
      </Typography.Paragraph>
      <Tabs
        items={[
          { key: kind, label: 'Privacy policy', children: <PolicyTab kind={kind} onDirty={handleDirty} /> },
          { key: 'terms', label: 'Terms of use', children: <PolicyTab kind="terms" onDirty={handleDirty} /> },
        ]}
      />
    </AdminFrame>
  );
}

function PublishedText({ kind, empty, heading }: { kind: PolicyKind; empty: string; heading?: boolean }) {
  const policy = usePolicy(kind);
  if (policy.isLoading) return <LoadingSpin label="Loading" />;
  if (policy.error || !policy.data)
    return (
      <Alert
        type="error"
        showIcon
        message="Failed to load the text"
        action={<Button onClick={() => void policy.refetch()}>Try again</Button>}
      />
    );
  return (
    <section aria-label={policy.data.title}>
      {heading && <Typography.Title level={2}>{policy.data.title}</Typography.Title>}
      {policy.data.html ? (
        <>
          {/* Sanitised by the server against the policy allow-list before it is kept and again when read. */}
          <div className="policy-text" dangerouslySetInnerHTML={{ __html: policy.data.html }} />
          {policy.data.updatedAt && (
            <Typography.Paragraph type="secondary">
              Last updated {when(policy.data.updatedAt)}
            </Typography.Paragraph>
          )}
        </>
      ) : (
        <Empty description={empty} />
      )}
    </section>
  );
}

/** /policy: the consultations privacy policy, and the community feedback one when the council has written it. */
export function PolicyPage() {
  const cfs = usePolicy('cfs-privacy');
  const both = Boolean(cfs.data?.html);
  return (
    <main className="policy-page">
      <Typography.Title level={1}>Privacy policy</Typography.Title>
      <PublishedText kind="consultations-privacy" empty={M.policyEmpty} heading={both} />
      {both && <PublishedText kind="cfs-privacy" empty={M.policyEmpty} heading />}
    </main>
  );
}

/** /terms: the council's terms of use. */
export function TermsPage() {
  return (
    <main className="policy-page">
      <Typography.Title level={1}>Terms of use</Typography.Title>
      <PublishedText kind="terms" empty={M.termsEmpty} />
    </main>
  );
}
