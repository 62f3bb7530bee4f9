import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { USER_DROPDOWN_MIN_COLUMN_WIDTH } from '@dc/contract';
import { Avatar, Button, Dropdown } from 'antd';
import { useNavigate } from 'react-router';
import { logout } from '../api/session.ts';
import { endLocalSession } from '../app/guard.ts';
import { pictureAt } from '../components/pictures.ts';
import { useT } from '../locales/index.ts';
import { useSession } from '../stores/session.ts';

/** Header user dropdown: avatar, nickname, personal center, logout (spec section 2). */
export function UserMenu() {
  const t = useT();
  const navigate = useNavigate();
  const userInfo = useSession((s) => s.userInfo);

  const signOut = async () => {
    // The session ends on the server too; a failure there must not keep the user signed in here.
    await logout().catch(() => undefined);
    endLocalSession();
    navigate('/start/login', { replace: true });
  };

  return (
    <Dropdown
      menu={{
        style: { minWidth: USER_DROPDOWN_MIN_COLUMN_WIDTH },
        items: [
          { key: 'user', icon: <UserOutlined />, label: t('header.personalCenter') },
          { key: 'logout', icon: <LogoutOutlined />, label: t('header.logout') },
        ],
        onClick: ({ key }) => (key === 'logout' ? void signOut() : navigate('/user/index')),
      }}
    >
      <Button type="text" data-testid="user-menu">
        <Avatar alt="" size="small" src={pictureAt(userInfo?.pic, 160)} icon={<UserOutlined />} />
        <span style={{ marginInlineStart: 8 }}>{userInfo?.nickname}</span>
      </Button>
    </Dropdown>
  );
}
