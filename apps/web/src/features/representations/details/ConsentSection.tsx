import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Checkbox, Space, Typography } from 'antd';
import { consentMessages, type Representation } from '@planning/shared';
import { privacyNoticeQuery } from '../../../platform/data-protection/PrivacyNoticeDetails';
import { managerQueryKeys, setRepresentationConsent } from '../api';

/**
 * Issue 26 point 6: whether the writer's name may be published and whether they may be contacted
 * about updates, as their form or letter says; recorded with the privacy notice version then
 * current. Without a tick their representation is published as from a private individual.
 */
export function ConsentSection({
  representation: r,
  canChange,
}: {
  representation: Representation;
  canChange: boolean;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const notice = useQuery(privacyNoticeQuery);
  const change = useMutation({
    mutationFn: (choice: { publishName?: boolean; contactForUpdates?: boolean }) =>
      setRepresentationConsent(r.id, {
        noticeVersion: notice.data?.notice?.version ?? r.consent.noticeVersion,
        publishName: choice.publishName ?? r.consent.publishName,
        contactForUpdates: choice.contactForUpdates ?? r.consent.contactForUpdates,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(managerQueryKeys.representation(r.id), saved);
      void queryClient.invalidateQueries({ queryKey: managerQueryKeys.all });
      void message.success(consentMessages.saved);
    },
    onError: (error) => void message.error(error.message),
  });
  const disabled = !canChange || change.isPending || notice.isPending;
  return (
    <section aria-labelledby="rep-detail-consent">
      <h3 id="rep-detail-consent">{consentMessages.legend}</h3>
      <Space direction="vertical">
        <Checkbox
          checked={r.consent.publishName}
          disabled={disabled}
          onChange={(event) => change.mutate({ publishName: event.target.checked })}
        >
          {consentMessages.publishName}
        </Checkbox>
        <Checkbox
          checked={r.consent.contactForUpdates}
          disabled={disabled}
          onChange={(event) => change.mutate({ contactForUpdates: event.target.checked })}
        >
          {consentMessages.contactForUpdates}
        </Checkbox>
        <Typography.Text type="secondary">
          {consentMessages.recorded(
            r.consent.noticeVersion,
            r.consent.consentedAt ? new Date(r.consent.consentedAt).toLocaleString('en-GB') : null,
          )}
        </Typography.Text>
      </Space>
    </section>
  );
}
