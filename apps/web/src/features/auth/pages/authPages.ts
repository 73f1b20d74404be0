// The sign-in and account pages share one chunk: they share their form code, and a person on one
// is likely to open another next. Sign-up has its own (its phone number check is large).
export { AuthActionPage } from './AuthActionPage';
export { ConfirmEmailPage } from './ConfirmEmailPage';
export { PasswordResetPage } from './PasswordResetPage';
export { SessionExpiredPage } from './SessionExpiredPage';
export { SignInPage } from './SignInPage';
