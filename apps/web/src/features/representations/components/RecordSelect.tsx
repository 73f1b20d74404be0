import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { SearchFilter } from '@planning/shared';
import { managerQueryKeys, searchContacts, searchOrganisations } from '../api';

const SEARCH_DEBOUNCE_MS = 250;

export type RecordOption = { value: string; label: string };

type RecordSelectProps = {
  kind: 'organisations' | 'contacts';
  /** Contacts of some types only (agents). */
  filter?: SearchFilter[];
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** The record chosen, with its name (a summary shows it). */
  onPicked?: (option: RecordOption) => void;
  /** A record made a moment ago, shown before any search finds it. */
  extraOptions?: RecordOption[];
  placeholder: string;
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
};

/** An organisation or a contact, found by typing part of its name (the server's table search). */
export function RecordSelect({
  kind,
  filter = [],
  value,
  onChange,
  onPicked,
  extraOptions = [],
  placeholder,
  ...aria
}: RecordSelectProps) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const query = {
    limit: 20,
    offset: 0,
    filter,
    sort: [{ field: 'name', order: 'asc' as const }],
    ...(search ? { search } : {}),
  };
  const found = useQuery({
    queryKey: [...managerQueryKeys.table(kind), 'pick', query],
    queryFn: async ({ signal }) => {
      if (kind === 'organisations') {
        const { result } = await searchOrganisations(query, signal);
        return result.rows.map((row) => ({ value: row.id, label: row.name }));
      }
      const { result } = await searchContacts(query, signal);
      return result.rows.map((row) => ({
        value: row.id,
        label: row.organisationName ? `${row.name} (${row.organisationName})` : row.name,
      }));
    },
    placeholderData: keepPreviousData,
  });
  const options = [
    ...extraOptions.filter((extra) => !found.data?.some((o) => o.value === extra.value)),
    ...(found.data ?? []),
  ];
  return (
    <Select
      {...aria}
      value={value ?? undefined}
      onChange={(next: string | undefined) => {
        onChange?.(next ?? null);
        const option = options.find((candidate) => candidate.value === next);
        if (option) onPicked?.(option);
      }}
      allowClear
      placeholder={placeholder}
      loading={found.isFetching}
      options={options}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      notFoundContent={found.isFetching ? 'Searching…' : 'None found'}
    />
  );
}
