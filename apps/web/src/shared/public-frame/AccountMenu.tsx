import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { useCurrentUser } from '../../platform/session/hooks';
import { MenuButton, type MenuItem } from './MenuButton';
import { LOG_OUT, useMenuChoice } from './useMenuChoice';

/**
 * A public header's account menu: the signed-in person's name opening `items` (addresses) and Log
 * out, which lands on `home`. Nothing when nobody is signed in.
 */
export function AccountMenu({ items, home, color }: { items: MenuItem[]; home: string; color: string }) {
  const { user } = useCurrentUser();
  const choose = useMenuChoice(home);
  if (!user) return null;
  return (
    <MenuButton
      className="public-header__button"
      style={{ color }}
      items={[...items, { key: LOG_OUT, label: 'Log out' }]}
      onSelect={(key) => void choose(key)}
      menuLabel="Account"
    >
      <UserOutlined aria-hidden />
      {user.name}
      <DownOutlined aria-hidden />
    </MenuButton>
  );
}
