/**
 * Spec 02 §5 and §8: every message of the representation manager, word for word (the spec's
 * misspellings 'reveiced' and 'aknowledge' included: they are what users of the product read).
 */
export const representationMessages = {
  // §8 error catalogue
  loadRepresentations: 'Failed to load representations',
  loadOrganisations: 'Failed to load organisations',
  loadContacts: 'Failed to load contacts',
  deleteFailed: 'Failed to delete representations',
  duplicateFailed: 'Failed to duplicate representations',
  statusFailed: 'Failed to update status',
  columnUpdateFailed: (column: string) => `Failed to update ${column}`,
  customFieldFailed: 'Failed to update custom field',
  customFieldDeleteFailed: 'Failed to delete custom field',
  // §2 drawers
  progressLostTitle: 'Progress will be lost',
  progressLostText: 'Are you sure you want to leave this form?',
  continueWithForm: 'Continue with form',
  leaveForm: 'Leave form',
  operationSuccessful: 'Operation successful',
  /** The spec's success words, then what was done: 'Operation successful' alone said nothing. */
  succeeded: (what: string) => `Operation successful: ${what}`,
  // §5 response
  responseTitleRequired: 'Response title is required',
  responseTitleTooLong: 'Response title cannot be longer than 2000 characters',
  responseRequired: 'Response is required',
  responseTooLong: 'Response cannot be longer than 8000 characters',
  // §5 contacts and organisations
  emailInvalid: 'Email must be valid',
  emailTooLong: 'Email length must be less than 100 characters',
  phoneInvalid: 'Must be a valid phone number',
  postcodeInvalid: 'Please enter a valid postcode',
  nameTooLong: 'Name must be at most 128 characters',
  organisationNameRequired: 'Organisation name is required',
  organisationTypeRequired: 'Organisation type is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  organisationRequired: 'Organisation is required',
  jobTitleRequired: 'Job title is required',
  addressLineTooLong: 'Address line must be at most 255 characters',
  townTooLong: 'Town must be at most 35 characters',
  representeeRequired: 'You must select either organisation or contact to proceed',
  deleteContactConfirm: 'Are you sure you want to delete this contact?',
  // §5 consultation form
  eventRequired: 'Please select the event',
  correspondenceRequired: 'Please select the correspondence type',
  receivedDateRequired: 'Please enter the reveiced date',
  acknowledgeDateRequired: 'Please enter the aknowledge date',
  // §5 custom columns
  columnNameRequired: 'Column name is required',
  columnNameLength: 'Column name must be between 3 and 50 characters',
  columnTableRequired: 'Table is required',
  columnTypeRequired: 'Column type is required',
  columnOptionRequired: 'Option value is required',
  columnNameTaken: 'A column with this name already exists',
  // Ours, where the spec is silent
  notFound: 'Representation not found',
  contactNotFound: 'Contact not found',
  organisationNotFound: 'Organisation not found',
  eventNotFound: 'Consultation event not found',
  responseNotFound: 'Response not found',
  subRepresentationNotFound: 'Sub-representation not found',
  columnNotFound: 'Custom column not found',
  contactInUse: 'This contact is the representee or agent of a representation and cannot be deleted',
  organisationInUse: 'This organisation is the representee of a representation and cannot be deleted',
  responseTarget: 'A response belongs to a representation or to a sub-representation, not both',
  unknownSortField: (name: string) => `Cannot sort by "${name}"`,
  unknownGroupField: (name: string) => `Cannot group by "${name}"`,
  noRepresentations: 'No representations found',
  noContacts: 'No contacts found',
  noOrganisations: 'No organisations found',
  originalTextReadOnly: 'The text as received cannot be changed',
  textRedactedForYou:
    'You see this text with its personal data redacted, so you cannot change it. Ask an administrator for the personal data permission.',
} as const;
