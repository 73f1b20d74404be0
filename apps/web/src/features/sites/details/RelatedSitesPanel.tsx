import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, AutoComplete, Button, Checkbox, Input, Spin, Tag, Typography } from 'antd';
import { SITE_RECORD_LIMITS } from '@planning/shared';
import { ApiError } from '../../../api/client';
import {
  fetchChildSites,
  fetchRelatedSites,
  lookupSites,
  removeRelatedSite,
  saveRelatedSite,
  siteDetailsMessages,
  siteQueryKeys,
} from './api';

const RELATED_FAILED = 'Failed to update related site';
const label = (site: { site_name: string | null; id_unique: string }) =>
  site.site_name ? `${site.site_name} (${site.id_unique})` : site.id_unique;

/**
 * Spec 01 §3 Related site: other sites this one goes with (at most one primary, each with a
 * comment), and the sites drawn inside it. Officers who may write sites add, change and remove them.
 */
export function RelatedSitesPanel({ siteId, canWrite }: { siteId: string; canWrite: boolean }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const related = useQuery({
    queryKey: siteQueryKeys.related(siteId),
    queryFn: ({ signal }) => fetchRelatedSites(siteId, signal),
  });
  const children = useQuery({
    queryKey: siteQueryKeys.children(siteId),
    queryFn: ({ signal }) => fetchChildSites(siteId, signal),
  });
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<{ id: string; label: string } | null>(null);
  const [comment, setComment] = useState('');
  const [primary, setPrimary] = useState(false);
  const matches = useQuery({
    queryKey: ['search', 'lookup', text.trim()],
    queryFn: ({ signal }) => lookupSites(text.trim(), signal),
    enabled: canWrite && text.trim().length >= 2 && chosen?.label !== text,
    placeholderData: keepPreviousData,
  });
  const failed = (error: unknown) =>
    void message.error(`${error instanceof ApiError ? error.message : RELATED_FAILED}!`);
  const save = useMutation({
    mutationFn: (change: { relatedId: string; isPrimary: boolean; comment: string | null }) =>
      saveRelatedSite(siteId, change.relatedId, { isPrimary: change.isPrimary, comment: change.comment }),
    onSuccess: (answer) => {
      client.setQueryData(siteQueryKeys.related(siteId), answer.related);
      setText('');
      setChosen(null);
      setComment('');
      setPrimary(false);
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (relatedId: string) => removeRelatedSite(siteId, relatedId),
    onSuccess: () => void client.invalidateQueries({ queryKey: siteQueryKeys.related(siteId) }),
    onError: failed,
  });

  if (related.isPending) return <Spin />;
  if (related.isError) {
    return (
      <Typography.Text type="danger">
        {related.error instanceof ApiError ? related.error.message : siteDetailsMessages.fetchFailed}
      </Typography.Text>
    );
  }
  return (
    <section className="related-sites" aria-label="Related sites">
      {related.data.length === 0 ? (
        <Typography.Paragraph type="secondary">No related sites yet.</Typography.Paragraph>
      ) : (
        <ul className="related-sites__list">
          {related.data.map((site) => (
            <li key={site.id}>
              <Link to={`/site/${site.id}`}>{label(site)}</Link>
              {site.isPrimary && <Tag color="blue">Primary</Tag>}
              {site.comment && <div className="related-sites__comment">{site.comment}</div>}
              {canWrite && (
                <span className="related-sites__actions">
                  {!site.isPrimary && (
                    <Button
                      type="link"
                      size="small"
                      onClick={() =>
                        save.mutate({ relatedId: site.id, isPrimary: true, comment: site.comment })
                      }
                    >
                      Make primary
                    </Button>
                  )}
                  <Button
                    type="link"
                    size="small"
                    danger
                    aria-label={`Remove ${label(site)} from the related sites`}
                    onClick={() => remove.mutate(site.id)}
                  >
                    Remove
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <div className="related-sites__new">
          <AutoComplete
            value={text}
            options={(matches.data ?? [])
              .filter((site) => site.id !== siteId)
              .map((site) => ({ value: site.id, label: label(site) }))}
            onSearch={(next) => {
              setText(next);
              setChosen(null);
            }}
            onSelect={(id, option) => {
              const picked = String(option.label);
              setChosen({ id, label: picked });
              setText(picked);
            }}
            placeholder="Find a site by name or reference"
            aria-label="Related site"
            style={{ width: '100%' }}
          />
          <Input
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            placeholder="Comment (optional)"
            aria-label="Comment on the relation"
            maxLength={SITE_RECORD_LIMITS.textMax}
          />
          <Checkbox checked={primary} onChange={(event) => setPrimary(event.target.checked)}>
            Primary
          </Checkbox>
          <Button
            disabled={!chosen}
            loading={save.isPending}
            onClick={() =>
              chosen &&
              save.mutate({ relatedId: chosen.id, isPrimary: primary, comment: comment.trim() || null })
            }
          >
            Add related site
          </Button>
        </div>
      )}
      {(children.data?.length ?? 0) > 0 && (
        <>
          <h3 className="related-sites__heading">Drawn inside this site</h3>
          <ul className="related-sites__list">
            {children.data!.map((child) => (
              <li key={child.id}>
                <Link to={`/site/${child.id}`}>{label(child)}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
