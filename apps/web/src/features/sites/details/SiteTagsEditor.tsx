import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, AutoComplete, Button, Space, Typography } from 'antd';
import { tagNameSchema, tagSuggestions, type SiteTagItem } from '@planning/shared';
import { ApiError } from '../../../api/client';
import { SiteTag } from '../components/SiteTag';
import { addSiteTag, fetchAllTags, removeSiteTag, siteDetailsMessages, siteQueryKeys } from './api';

/**
 * Spec 01 §4–5 tags on the site page: typed text is trimmed, spaces become hyphens, lower case, at
 * least 3 characters; suggestions (at most 8) leave out tags the site has.
 */
export function SiteTagsEditor({
  siteId,
  tags,
  canWrite,
}: {
  siteId: string;
  tags: SiteTagItem[];
  canWrite: boolean;
}) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const all = useQuery({
    queryKey: siteQueryKeys.tags,
    queryFn: ({ signal }) => fetchAllTags(signal),
    enabled: canWrite,
  });
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['site', siteId] }),
      client.invalidateQueries({ queryKey: siteQueryKeys.tags }),
    ]);
  const failed = (cause: unknown) =>
    void message.error(`${cause instanceof ApiError ? cause.message : siteDetailsMessages.tagsFailed}!`);
  const add = useMutation({
    mutationFn: (name: string) => addSiteTag(siteId, name),
    onSuccess: () => {
      setTyped('');
      void refresh();
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (name: string) => removeSiteTag(siteId, name),
    onSuccess: () => void refresh(),
    onError: failed,
  });
  const submit = (text: string) => {
    const parsed = tagNameSchema.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a tag');
      return;
    }
    setError(null);
    add.mutate(parsed.data);
  };
  const suggestions = tagSuggestions(
    (all.data?.tags ?? []).map((tag) => tag.name),
    tags.map((tag) => tag.name),
    typed,
  );
  return (
    <div className="site-tags">
      <ul className="site-tags__list" aria-label="Tags">
        {tags.map((tag) => (
          <li key={tag.id}>
            <SiteTag
              name={tag.name}
              color={tag.color}
              onRemove={canWrite ? () => remove.mutate(tag.name) : undefined}
            />
          </li>
        ))}
      </ul>
      {canWrite && (
        <Space.Compact>
          <AutoComplete
            value={typed}
            options={typed.trim() ? suggestions.map((name) => ({ value: name })) : []}
            onChange={(value) => {
              setTyped(value);
              setError(null);
            }}
            onSelect={(value: string) => submit(value)}
            placeholder="Add a tag"
            aria-label="New tag"
            style={{ width: 200 }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !suggestions.includes(typed)) submit(typed);
            }}
            status={error ? 'error' : undefined}
          />
          <Button onClick={() => submit(typed)} disabled={typed.trim() === ''} loading={add.isPending}>
            Add tag
          </Button>
        </Space.Compact>
      )}
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
    </div>
  );
}
