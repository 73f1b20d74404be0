import { useId, useState } from 'react';
import { Button, Input, Tooltip } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { NavLink } from 'react-router';
import { filterSiteLists, type SiteListLink } from './siteListsFilter';
import type { SideMenuEntry } from './sideMenu';

type SiteListsNavProps = {
  entry: Extract<SideMenuEntry, { kind: 'siteLists' }>;
  lists: SiteListLink[];
  collapsed: boolean;
  onExpand: () => void;
};

export const siteListsTexts = {
  search: 'Search site lists',
  empty: 'No site lists yet',
  noMatch: 'No site lists match your search',
} as const;

/** The Site Lists block of the side menu: a search box over the user's lists. */
export function SiteListsNav({ entry, lists, collapsed, onExpand }: SiteListsNavProps) {
  const [query, setQuery] = useState('');
  const labelId = useId();
  const Icon = entry.icon;

  if (collapsed) {
    // A search box does not fit in 46 px: the icon opens the navigation instead.
    return (
      <div className="side-nav__lists side-nav__lists--collapsed">
        <Tooltip title={entry.label} placement="right">
          <Button type="text" icon={<Icon aria-hidden />} aria-label={entry.label} onClick={onExpand} />
        </Tooltip>
      </div>
    );
  }

  const shown = filterSiteLists(lists, query);
  return (
    <div className="side-nav__lists" role="group" aria-labelledby={labelId}>
      <div className="side-nav__lists-label" id={labelId}>
        <Icon aria-hidden />
        <span>{entry.label}</span>
      </div>
      <Input
        className="side-nav__lists-search"
        size="small"
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder="Search lists"
        aria-label={siteListsTexts.search}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {shown.length > 0 ? (
        <ul className="side-nav__lists-items">
          {shown.map((list) => (
            <li key={list.id}>
              <NavLink to={`/list/${list.id}`}>{list.name}</NavLink>
            </li>
          ))}
        </ul>
      ) : (
        <p className="side-nav__lists-empty">
          {lists.length === 0 ? siteListsTexts.empty : siteListsTexts.noMatch}
        </p>
      )}
    </div>
  );
}
