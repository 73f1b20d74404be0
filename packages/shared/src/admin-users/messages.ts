/** Issue 16 points 3 and 6: what the roles, users and consultation-account screens and routes say. */
export const adminUserMessages = {
  lastAdmin: 'A council must keep at least one administrator',
  lastFullAccess:
    'This change would leave the council with no active user who holds every permission. Give another active user a role with every permission first.',
  roleBeyondHeld: 'You cannot change or delete a role that holds permissions you do not hold yourself',
  userBeyondHeld:
    'You cannot change, disable or delete a user who holds permissions you do not hold yourself',
  grantBeyondHeld: 'You cannot grant a permission you do not hold yourself',
  assignBeyondHeld: 'You cannot give a role with permissions you do not hold yourself',
  roleNameTaken: 'A role with this name already exists',
  roleNameRequired: 'Role name is required',
  roleNameTooLong: 'Role name must be at most 64 characters',
  descriptionTooLong: 'Description must be at most 500 characters',
  roleInUse: (count: number) =>
    `This role is held by ${count} ${count === 1 ? 'user' : 'users'}. Give ${count === 1 ? 'them' : 'each of them'} another role before deleting it.`,
  adminRoleDelete: "The council's administrator role cannot be deleted",
  selfDisable: 'You cannot disable your own account',
  selfDelete: 'You cannot delete your own account',
  selfRoleChange: 'You cannot change your own role',
  userExists: 'A user with this email already exists',
  publicAccountExists:
    'This email belongs to a consultation account. Use another address for a staff account.',
  invitationSent: (email: string) => `Invitation sent to ${email}`,
  invitationResent: (email: string) => `Invitation sent again to ${email}`,
  invitationInvalid:
    'This invitation link has already been used or has expired. Please ask your administrator to invite you again.',
  invitationAccepted: 'Your password is set. Welcome!',
  invitedDisabled: 'This user is disabled. Enable them before inviting them again.',
  notInvited: 'This account has already accepted its invitation',
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 128 characters',
  roleRequired: 'Choose a role',
  userDisabled: 'User disabled: their sessions have ended',
  userEnabled: 'User enabled',
  userDeleted: 'User deleted',
  roleChanged: 'Role changed',
  sessionsEnded: (count: number) =>
    count === 0 ? 'They had no open sessions' : `${count} ${count === 1 ? 'session' : 'sessions'} ended`,
  roleCreated: 'Role created',
  roleSaved: 'Role saved',
  roleDeleted: 'Role deleted',
  accountVerified: 'Email address marked as verified',
  recordsDeleted: (count: number) =>
    `${count} ${count === 1 ? 'response' : 'responses'} and their answers deleted`,
  accountDeleted: 'Consultation account and its records deleted',
  deleteAnswerTitle: 'Delete Answer?',
} as const;
