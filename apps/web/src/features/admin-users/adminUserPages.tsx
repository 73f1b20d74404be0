// Issue 16 point 3: the admin area's roles, users and consultation accounts ('firebase-users').
export { RolesPage } from './RolesPage';
export { UsersPage } from './UsersPage';
export { PublicUsersPage } from './PublicUsersPage';
