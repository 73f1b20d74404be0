import { useEffect, useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Popconfirm, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { ApiError } from '../../../api/client';
import { shareDocument, unshareDocument } from '../api';

export const SHARE_COPIED = 'Success: You copied the link to your clipboard';

type ShareDialogProps = { documentId: string; open: boolean; canWrite: boolean; onClose: () => void };

/**
 * Spec 02 §2 "A 'Share' dialog shows a link with a Copy link button". The link reads the document
 * even before it is published, until it is turned off.
 */
export function ShareDialog({ documentId, open, canWrite, onClose }: ShareDialogProps) {
  return (
    <Modal title="Share" open={open} onCancel={onClose} footer={null} destroyOnHidden>
      {canWrite ? (
        <ShareLink documentId={documentId} />
      ) : (
        <Typography.Paragraph>Only staff who may edit this document can share it.</Typography.Paragraph>
      )}
    </Modal>
  );
}

/** The dialog's body, made afresh each time it opens: asking for the link makes it if need be. */
function ShareLink({ documentId }: { documentId: string }) {
  const inputId = useId();
  const [copied, setCopied] = useState(false);
  const [revoked, setRevoked] = useState(false);
  const share = useMutation({ mutationFn: () => shareDocument(documentId) });
  const revoke = useMutation({
    mutationFn: () => unshareDocument(documentId),
    onSuccess: () => {
      setRevoked(true);
      setCopied(false);
      share.reset();
    },
  });
  const { mutate } = share;
  useEffect(() => mutate(), [mutate]);

  const link = share.data ? `${window.location.origin}${share.data.path}` : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // No clipboard permission: copy the selected text the old way.
      const input = document.getElementById(inputId) as HTMLInputElement | null;
      input?.select();
      document.execCommand('copy');
    }
    setCopied(true);
  };
  const error = share.error ?? revoke.error;

  return (
    <>
      <Typography.Paragraph>
        Anyone with this link can read the document, even before it is published.
      </Typography.Paragraph>
      <label htmlFor={inputId}>Link</label>
      <Space.Compact style={{ width: '100%', marginTop: 4 }}>
        <Input id={inputId} value={link} readOnly placeholder={share.isPending ? 'Making the link…' : ''} />
        <Button type="primary" icon={<CopyOutlined />} disabled={!link} onClick={() => void copy()}>
          Copy link
        </Button>
      </Space.Compact>
      <div role="status" style={{ minHeight: 40, marginTop: 12 }}>
        {copied && <Alert type="success" showIcon title={SHARE_COPIED} />}
        {revoked && (
          <Alert type="info" showIcon title="The link is off. Opening this dialog again makes a new one." />
        )}
      </div>
      {error && (
        <Alert
          type="error"
          role="alert"
          showIcon
          title={error instanceof ApiError ? error.message : 'Failed to make the link'}
          style={{ marginBottom: 12 }}
        />
      )}
      {link && (
        <Popconfirm
          title="Turn the link off?"
          description="People who have it can no longer read the document before it is published."
          okText="Turn off"
          okButtonProps={{ danger: true }}
          onConfirm={() => revoke.mutate()}
        >
          <Button danger loading={revoke.isPending}>
            Turn the link off
          </Button>
        </Popconfirm>
      )}
    </>
  );
}
