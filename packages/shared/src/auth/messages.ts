// Spec 01 §5 and §8, word for word. The web matches 'Unauthenticated' and 'Session terminated'.
export const authMessages = {
  emailInvalid: 'Email must be valid',
  emailTooLong: 'Email length must be less than 100 characters',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password must be at most 100 characters',
  passwordsShouldMatch: 'Passwords should match',
  phoneInvalid: 'Must be a valid phone number',
  nameInvalid:
    'Name must start with a capital letter, then lower-case letters, with spaces or hyphens between parts',
  nameTooLong: 'Name must be at most 128 characters',
  required: 'Field is required',

  tooManyRequests: 'Too many requests, Please try again later',
  credentialsIncorrect: 'Email or password is incorrect',
  emailInUse: 'User with email you provided already exists',
  userNotFound: "User with email provided doesn't exist",
  passwordIncorrect: 'Password is incorrect',
  fallback: 'Please, Try again later',
  accountNotActivated: 'Account is not activated',
  unauthenticated: 'Unauthenticated',
  sessionTerminated: 'Session terminated',
  notAuthorized: 'Not authorized',

  // Ours: the spec does not word these.
  linkInvalid: 'This link is invalid or has expired. Please ask for a new one.',
  verificationSent: 'We have sent you an email with a link to confirm your address.',
  resetSent: 'If an account exists for that email, we have sent a link to reset the password.',
  passwordChanged: 'Your password has been changed. Please sign in.',
  csrfInvalid: 'The form has expired. Please reload the page and try again.',
  providerUnavailable: 'This sign-in method is not available for this council',
  signInNeedsEmailLink:
    'Too many failed attempts to sign in to this account. For your security, use the link we have emailed to its address to choose a new password and sign in.',
} as const;
