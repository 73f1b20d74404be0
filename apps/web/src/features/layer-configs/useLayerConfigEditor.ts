import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { configSchemas, layerConfigMessages, type LayerConfigType } from '@planning/shared';
import { ApiError } from '../../api/client';
import {
  fetchAllLayers,
  fetchLayerConfigDocument,
  layerConfigQueryKeys,
  saveLayerConfigDocument,
  type LayerConfigs,
} from './api';

/** Problems of a draft by where they are ('tooltips.2.tooltip' → 'Enter a tooltip'). */
export type Problems = ReadonlyMap<string, string>;

/** What a failed save said: the server's words and its problems. */
export type SaveFailure = { message: string; issues: readonly string[] };

/**
 * One layer config document being edited: the council's document and layers, a draft the
 * screen changes, its problems by the shared schema (the route's own), and saving it.
 * `prepare` turns the draft into the document to save (empty entries dropped).
 */
export function useLayerConfigEditor<T extends LayerConfigType>(
  type: T,
  prepare: (draft: LayerConfigs[T]) => LayerConfigs[T] = (draft) => draft,
) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const document = useQuery({
    queryKey: layerConfigQueryKeys.config(type),
    queryFn: ({ signal }) => fetchLayerConfigDocument(type, signal),
    // Refetched while editing would throw the admin's changes away.
    refetchOnWindowFocus: false,
  });
  const layers = useQuery({
    queryKey: layerConfigQueryKeys.layers,
    queryFn: ({ signal }) => fetchAllLayers(signal),
  });
  const [edited, setEdited] = useState<LayerConfigs[T] | null>(null);
  const [triedSaving, setTriedSaving] = useState(false);
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const draft = edited ?? document.data?.config ?? null;

  const problems: Problems = useMemo(() => {
    if (!draft || !triedSaving) return new Map();
    const parsed = configSchemas[type].safeParse(prepare(draft));
    if (parsed.success) return new Map();
    // The first problem of each field is the one to fix first.
    const found = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      if (!found.has(path)) found.set(path, issue.message);
    }
    return found;
  }, [draft, triedSaving, type, prepare]);

  const save = useMutation({
    mutationFn: (config: LayerConfigs[T]) => saveLayerConfigDocument(type, config),
    onSuccess: async (config) => {
      queryClient.setQueryData(layerConfigQueryKeys.config(type), { stored: true, config });
      setEdited(null);
      setTriedSaving(false);
      setFailure(null);
      // Every map (staff and public) reads the new document next time.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['configs', type], exact: true }),
        queryClient.invalidateQueries({ queryKey: ['public', 'configs', type] }),
      ]);
      void message.success(layerConfigMessages.saved);
    },
    onError: (error) =>
      setFailure(
        error instanceof ApiError
          ? { message: error.message, issues: error.issues.map((issue) => issue.message) }
          : { message: layerConfigMessages.saveFailed, issues: [] },
      ),
  });

  const handleSave = () => {
    if (!draft) return;
    setTriedSaving(true);
    setFailure(null);
    const document = prepare(draft);
    if (!configSchemas[type].safeParse(document).success) return;
    save.mutate(document);
  };

  return {
    document,
    layers,
    draft,
    change: (next: LayerConfigs[T]) => setEdited(next),
    changed: edited !== null,
    problems,
    failure,
    saving: save.isPending,
    handleSave,
    handleReset: () => {
      setEdited(null);
      setTriedSaving(false);
      setFailure(null);
    },
  };
}
