import { Button, Dropdown, type MenuProps } from 'antd';
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { logout } from '../../platform/session/api';
import { useCurrentUser, useResetAuth } from '../../platform/session/hooks';
import { notifyError } from '../../platform/notices/notifyError';

/** The header's account corner: the user's name with sign-out, or a way to log in. */
export function UserMenu() {
  const { user } = useCurrentUser();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const resetAuth = useResetAuth();

  if (user === undefined) return null;
  if (user === null) {
    return (
      <Link className="app-header__login" to={`/login?returnUrl=${encodeURIComponent(pathname + search)}`}>
        Log in
      </Link>
    );
  }

  const handleClick: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'settings') {
      await navigate('/settings');
      return;
    }
    try {
      await logout(key === 'sign-out-everywhere');
    } catch (error) {
      notifyError(error);
      return;
    }
    resetAuth();
    await navigate(user.kind === 'staff' ? '/sign-in' : '/p/document/all', { replace: true });
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        onClick: (info) => void handleClick(info),
        items: [
          // Council settings and API keys (issue 16): staff only, the page itself shows each its tabs.
          ...(user.kind === 'staff'
            ? [{ key: 'settings', label: 'Settings' }, { type: 'divider' as const }]
            : []),
          { key: 'sign-out', label: 'Sign out' },
          { key: 'sign-out-everywhere', label: 'Sign out everywhere' },
        ],
      }}
    >
      <Button type="text" className="app-header__user" icon={<UserOutlined aria-hidden />}>
        {user.name}
        <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
