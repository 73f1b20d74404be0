import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import type { DocumentRecord } from '@planning/shared';
import { ApiError } from '../../api/client';
import { builderQueryKeys, setPublished } from './api';

/** Where residents read a published document. */
export function publicDocumentPath(id: string): string {
  return `/p/document/${encodeURIComponent(id)}`;
}

/**
 * The editor's Publish / Unpublish button. Publishing puts the document in front of the public, so
 * it is asked first, and the answer names the document and links to its public page.
 */
export function usePublishToggle({
  id,
  title,
  onPublished,
}: {
  id: string;
  title: string;
  onPublished: (meta: DocumentRecord['meta']) => void;
}) {
  const queryClient = useQueryClient();
  const { message, modal } = App.useApp();
  const name = title.trim() || 'Untitled document';
  const mutation = useMutation({
    mutationFn: (published: boolean) => setPublished(id, published),
    onSuccess: (answer) => {
      onPublished(answer.meta);
      void queryClient.invalidateQueries({ queryKey: builderQueryKeys.list });
      if (!answer.meta.isPublished) {
        void message.success(`“${name}” unpublished`);
        return;
      }
      // Long enough to follow the link; closes with the page.
      void message.success({
        key: `published-${id}`,
        duration: 10,
        content: (
          <span>
            “{name}” is published.{' '}
            <a href={publicDocumentPath(id)} target="_blank" rel="noreferrer">
              Open the public page
            </a>
          </span>
        ),
      });
    },
    onError: (error) => void message.error(error instanceof ApiError ? error.message : 'Failed to publish'),
  });

  const toggle = (published: boolean) => {
    if (!published) {
      mutation.mutate(false);
      return;
    }
    modal.confirm({
      title: `Publish “${name}”?`,
      content:
        'Anyone will be able to read it on the public site, and answer its questions while answers are open.',
      okText: 'Publish',
      cancelText: 'Cancel',
      onOk: () => mutation.mutateAsync(true).catch(() => undefined),
    });
  };

  return { toggle, isPending: mutation.isPending };
}
