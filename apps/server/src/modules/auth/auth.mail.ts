import escapeHtml from 'escape-html';
import type { OutgoingMail } from '../../lib/mailer';

function linkMail(
  to: string,
  subject: string,
  intro: string,
  action: string,
  link: string,
  outro: string,
): OutgoingMail {
  return {
    to,
    subject,
    text: `${intro}\n\n${action}:\n${link}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}

export function verificationMail(to: string, councilName: string, link: string): OutgoingMail {
  return linkMail(
    to,
    `Confirm your email address for ${councilName}`,
    `Thank you for creating a consultation account with ${councilName}.`,
    'Confirm your email address',
    link,
    'The link works once and expires in 24 hours. If you did not create an account, you can ignore this email.',
  );
}

export function passwordResetMail(to: string, councilName: string, link: string): OutgoingMail {
  return linkMail(
    to,
    `Reset your password for ${councilName}`,
    `Someone asked to reset the password of your ${councilName} account.`,
    'Choose a new password',
    link,
    'The link works once and expires in 1 hour. If you did not ask for this, you can ignore this email: your password has not changed.',
  );
}

export function invitationMail(
  to: string,
  councilName: string,
  link: string,
  invitedBy: string | null,
): OutgoingMail {
  return linkMail(
    to,
    `You have been invited to ${councilName}`,
    invitedBy
      ? `${invitedBy} has invited you to the planning platform of ${councilName}.`
      : `You have been invited to the planning platform of ${councilName}.`,
    'Accept the invitation and choose a password',
    link,
    'The link works once and expires in 7 days. If you were not expecting this, you can ignore this email.',
  );
}
