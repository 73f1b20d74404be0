import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Modal, Select, Space, Typography } from 'antd';
import { listNameSchema, siteListMessages } from '@planning/shared';
import { ApiError } from '../../../api/client';
import { addSitesToList, createSiteList, fetchSiteLists, listQueryKeys } from './api';

type Props = { open: boolean; siteIds: string[]; onClose: () => void; onAdded?: () => void };

/**
 * Spec 01 §5: adds sites to a list; 'Add' stays disabled until a list is chosen. A new list can be
 * made here too (its name is required).
 */
export function AddToListModal({ open, siteIds, onClose, onAdded }: Props) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const lists = useQuery({
    queryKey: listQueryKeys.all,
    queryFn: ({ signal }) => fetchSiteLists(signal),
    enabled: open,
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const close = () => {
    setChosen(null);
    setNewName('');
    setNameError(null);
    onClose();
  };
  const failed = (error: unknown) =>
    void message.error(`${error instanceof ApiError ? error.message : 'Request failed'}!`);
  const create = useMutation({
    mutationFn: (name: string) => createSiteList(name),
    onSuccess: (list) => {
      void message.success(siteListMessages.created);
      void client.invalidateQueries({ queryKey: listQueryKeys.all });
      setChosen(list.id);
      setNewName('');
    },
    onError: (error) => setNameError(error instanceof ApiError ? error.message : 'Request failed'),
  });
  const add = useMutation({
    mutationFn: (id: string) => addSitesToList(id, siteIds),
    onSuccess: (_answer, id) => {
      const name = lists.data?.find((list) => list.id === id)?.listName ?? 'the list';
      void message.success(siteListMessages.added(siteIds.length, name));
      void client.invalidateQueries({ queryKey: listQueryKeys.all });
      onAdded?.();
      close();
    },
    onError: failed,
  });
  const submitNew = () => {
    const parsed = listNameSchema.safeParse(newName);
    if (!parsed.success) setNameError(parsed.error.issues[0]?.message ?? siteListMessages.nameRequired);
    else create.mutate(parsed.data);
  };
  return (
    <Modal
      open={open}
      title={
        siteIds.length === 1
          ? 'Add site to list'
          : `Add ${siteIds.length.toLocaleString('en-GB')} sites to list`
      }
      okText="Add"
      okButtonProps={{ disabled: !chosen, loading: add.isPending }}
      onOk={() => chosen && add.mutate(chosen)}
      onCancel={close}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <label htmlFor="add-to-list-select">List</label>
        <Select
          id="add-to-list-select"
          showSearch
          optionFilterProp="label"
          placeholder="Choose a list"
          value={chosen ?? undefined}
          onChange={setChosen}
          loading={lists.isPending}
          options={(lists.data ?? []).map((list) => ({
            label: `${list.listName} (${list.siteCount})`,
            value: list.id,
          }))}
          style={{ width: '100%' }}
          aria-label="List"
        />
        <label htmlFor="new-list-name">Or make a new list</label>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            id="new-list-name"
            value={newName}
            onChange={(event) => {
              setNewName(event.target.value);
              setNameError(null);
            }}
            onPressEnter={submitNew}
            placeholder="List name"
            maxLength={100}
            status={nameError ? 'error' : undefined}
          />
          <Button onClick={submitNew} loading={create.isPending}>
            Create list
          </Button>
        </Space.Compact>
        {nameError && (
          <Typography.Text type="danger" role="alert">
            {nameError}
          </Typography.Text>
        )}
      </Space>
    </Modal>
  );
}
