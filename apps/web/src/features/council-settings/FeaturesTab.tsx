import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Skeleton, Switch, Tag, Typography } from 'antd';
import {
  councilSettingsMessages as messages,
  type AdminFeatureFlag,
  type AdminFeatureFlags,
  type FeatureFlagName,
} from '@planning/shared';
import { currentTenantQuery } from '../../platform/tenant/useCurrentTenantQuery';
import { LoadFailed } from './settingsParts';
import { councilSettingsQueryKeys, fetchFlags, saveFlags } from './api';

/** The Features tab: every flag by application, each with its description and a switch. */
export function FeaturesTab() {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const query = useQuery({
    queryKey: councilSettingsQueryKeys.flags,
    queryFn: ({ signal }) => fetchFlags(signal),
  });
  const save = useMutation({
    mutationFn: ({ name, value }: { name: FeatureFlagName; value: boolean }) => saveFlags({ [name]: value }),
    onSuccess: async (saved: AdminFeatureFlags) => {
      queryClient.setQueryData(councilSettingsQueryKeys.flags, saved);
      // The menu and the pages follow the council's flags: they change now, not at the next poll.
      await queryClient.invalidateQueries({ queryKey: currentTenantQuery.queryKey });
      void message.success(messages.flagsSaved);
    },
    onError: (error) => void message.error(`${messages.saveFailed}: ${error.message}`),
  });

  if (query.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;

  const pending = save.isPending ? save.variables.name : null;
  return (
    <>
      <Typography.Paragraph>
        Switch features on or off for everyone at this council. A change applies as soon as it is saved:
        people who have the site open see it within a minute.
      </Typography.Paragraph>
      {query.data.applications
        .filter((app) => app.flags.length > 0)
        .map((app) => (
          <Card key={app.application} title={app.label} className="council-settings__section">
            <ul
              className="feature-flags"
              aria-label={`${app.label} features`}
              style={{ listStyle: 'none', margin: 0, padding: 0 }}
            >
              {app.flags.map((flag) => (
                <FlagRow
                  key={flag.name}
                  flag={flag}
                  saving={pending === flag.name}
                  onChange={(value) => save.mutate({ name: flag.name, value })}
                />
              ))}
            </ul>
          </Card>
        ))}
    </>
  );
}

function FlagRow({
  flag,
  saving,
  onChange,
}: {
  flag: AdminFeatureFlag;
  saving: boolean;
  onChange: (value: boolean) => void;
}) {
  const labelId = `flag-${flag.name}-label`;
  const descriptionId = `flag-${flag.name}-description`;
  return (
    <li className="feature-flags__item">
      <Switch
        checked={flag.value}
        loading={saving}
        onChange={onChange}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
      />
      <div className="feature-flags__text">
        <div id={labelId} className="feature-flags__label">
          {flag.label}{' '}
          {flag.value !== flag.defaultValue && <Tag>Default: {flag.defaultValue ? 'on' : 'off'}</Tag>}
        </div>
        <Typography.Text id={descriptionId} type="secondary">
          {flag.description}
        </Typography.Text>
      </div>
    </li>
  );
}
